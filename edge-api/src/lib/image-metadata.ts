// Photos from phones carry EXIF: where it was taken (GPS), when, and with which device. Uploaded
// JPEGs lose it before they are stored, so an avatar or a chat photo never gives away a home
// address. exif-be-gone (ADR 0008) drops the APP1 segments holding EXIF and XMP and keeps every
// other byte as it was: the image is not re-encoded, so it loses no quality.
import { Buffer } from 'node:buffer';
import ExifTransformer from 'exif-be-gone';

/** The JPEG without its EXIF and XMP segments. */
export function stripJpegMetadata(bytes: Uint8Array): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const scrubber = new ExifTransformer();
    scrubber.on('data', (chunk: Buffer) => chunks.push(chunk));
    scrubber.on('error', reject);
    scrubber.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    scrubber.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });
}
