// Photos from phones carry EXIF: where it was taken (GPS), when, and with which device. Uploaded
// JPEGs lose it before they are stored, so an avatar or a chat photo never gives away a home
// address. exif-be-gone (ADR 0008) drops the APP1 segments holding EXIF and XMP and keeps every
// other byte as it was: the image is not re-encoded, so it loses no quality.
//
// One tag comes back: the orientation. A phone held upright often stores the pixels sideways and
// says so in EXIF tag 0x0112; without it the photo shows sideways. It is read from the original
// with image-size (ADR 0008) and, unless it is 1 (as stored), written back in an EXIF segment of
// our own that holds that tag and nothing else.
import { Buffer } from 'node:buffer';
import ExifTransformer from 'exif-be-gone';
import { imageSize } from 'image-size';

/** EXIF orientation 1: the pixels are stored upright, nothing to say. */
const UPRIGHT = 1;

/** The JPEG without its EXIF and XMP segments, but with its orientation when that is not 1. */
export async function stripJpegMetadata(bytes: Uint8Array): Promise<Uint8Array> {
  const orientation = readOrientation(bytes);
  const stripped = await removeExifAndXmp(bytes);
  if (orientation === UPRIGHT) return stripped;
  // Right after SOI (FF D8), where the EXIF standard puts APP1.
  const segment = orientationSegment(orientation);
  const out = new Uint8Array(stripped.length + segment.length);
  out.set(stripped.subarray(0, 2));
  out.set(segment, 2);
  out.set(stripped.subarray(2), 2 + segment.length);
  return out;
}

/** The EXIF orientation (1–8) of a JPEG; 1 when it has none, or none that can be read. */
export function readOrientation(bytes: Uint8Array): number {
  try {
    const { orientation } = imageSize(bytes);
    return orientation && Number.isInteger(orientation) && orientation >= 1 && orientation <= 8
      ? orientation
      : UPRIGHT;
  } catch {
    return UPRIGHT; // the stripping that follows decides whether the file is a JPEG at all
  }
}

/**
 * The smallest EXIF APP1 segment that carries an orientation: IFD0 with the one tag 0x0112, no
 * other IFD (no GPS, Exif or thumbnail IFD), 36 bytes. Big-endian ("MM"), offsets from the TIFF
 * header:
 *
 *   FF E1  00 22                 APP1 marker, length 34 (the length bytes and what follows)
 *   45 78 69 66 00 00            "Exif\0\0"
 *   4D 4D  00 2A  00 00 00 08    TIFF header: big-endian, 42, IFD0 at offset 8 (right after)
 *   00 01                        IFD0: one entry
 *   01 12  00 03  00 00 00 01    tag 0x0112 Orientation, type 3 SHORT, count 1
 *   00 0N  00 00                 the value, in the first 2 bytes of the 4-byte value field
 *   00 00 00 00                  no next IFD
 */
export function orientationSegment(orientation: number): Uint8Array {
  if (!Number.isInteger(orientation) || orientation < 1 || orientation > 8) {
    throw new RangeError(`EXIF orientation must be 1 to 8, not ${orientation}`);
  }
  // biome-ignore format: one row per part of the layout above
  return Uint8Array.of(
    0xff, 0xe1, 0x00, 0x22,
    0x45, 0x78, 0x69, 0x66, 0x00, 0x00,
    0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08,
    0x00, 0x01,
    0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01,
    0x00, orientation, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00,
  );
}

function removeExifAndXmp(bytes: Uint8Array): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const scrubber = new ExifTransformer();
    scrubber.on('data', (chunk: Buffer) => chunks.push(chunk));
    scrubber.on('error', reject);
    scrubber.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    scrubber.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });
}
