// The orientation kept through EXIF stripping (ADR 0008): the segment we write, the reading of the
// original, and both together on real JPEGs, read back with piexifjs (not the reader we use).
import jpeg from 'jpeg-js';
import piexif from 'piexifjs';
import { describe, expect, it } from 'vitest';
import { orientationSegment, readOrientation, stripJpegMetadata } from './image-metadata.ts';

const binary = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
const fromBinary = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

/** An 8x8 JPEG as jpeg-js writes it: SOI, JFIF APP0, tables, frame, scan, EOI. No EXIF. */
function plainJpeg(): Uint8Array {
  const pixels = Buffer.alloc(8 * 8 * 4, 0x80);
  return new Uint8Array(jpeg.encode({ data: pixels, width: 8, height: 8 }, 90).data);
}

/** The JPEG with EXIF from piexifjs: a make, GPS, and the orientation if given. */
function taggedJpeg(orientation?: number): Uint8Array {
  const exif = piexif.dump({
    '0th': {
      [piexif.ImageIFD.Make!]: 'PhoneCo',
      ...(orientation === undefined ? {} : { [piexif.ImageIFD.Orientation!]: orientation }),
    },
    GPS: { [piexif.GPSIFD.GPSLatitudeRef!]: 'N' },
  });
  return fromBinary(piexif.insert(exif, binary(plainJpeg())));
}

/** `segment` put right after SOI. */
const afterSoi = (file: Uint8Array, segment: Uint8Array) =>
  Uint8Array.from([...file.subarray(0, 2), ...segment, ...file.subarray(2)]);

describe('orientationSegment', () => {
  it('is the 36-byte APP1 with IFD0 holding only tag 0x0112', () => {
    const segment = orientationSegment(6);
    expect(segment.length).toBe(36);
    expect((segment[2]! << 8) | segment[3]!).toBe(segment.length - 2); // APP1 length field
    expect(binary(segment.subarray(4, 10))).toBe('Exif\0\0');
    const loaded = piexif.load(binary(afterSoi(plainJpeg(), segment)));
    expect(loaded['0th']).toEqual({ [piexif.ImageIFD.Orientation!]: 6 });
    expect([loaded.Exif, loaded.GPS, loaded['1st'], loaded.thumbnail]).toEqual([{}, {}, {}, null]);
  });

  it('refuses what is not an orientation', () => {
    for (const wrong of [0, 9, 1.5, 256]) expect(() => orientationSegment(wrong)).toThrow(RangeError);
  });
});

describe('readOrientation', () => {
  it('reads what the camera wrote, big- or little-endian', () => {
    expect(readOrientation(taggedJpeg(6))).toBe(6);
    expect(readOrientation(taggedJpeg(3))).toBe(3);
    // Little-endian ("II", as many phones write): IFD0 with the one entry, orientation 8.
    // biome-ignore format: the same layout as orientationSegment, byte order reversed
    const littleEndian = Uint8Array.of(
      0xff, 0xe1, 0x00, 0x22, 0x45, 0x78, 0x69, 0x66, 0x00, 0x00,
      0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00,
      0x01, 0x00,
      0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00,
      0x00, 0x00, 0x00, 0x00,
    );
    expect(readOrientation(afterSoi(plainJpeg(), littleEndian))).toBe(8);
  });

  it('is 1 when there is none, or none that makes sense', () => {
    expect(readOrientation(plainJpeg())).toBe(1);
    expect(readOrientation(taggedJpeg())).toBe(1);
    expect(readOrientation(taggedJpeg(1))).toBe(1);
    expect(readOrientation(taggedJpeg(9))).toBe(1);
    expect(readOrientation(Uint8Array.of(0xff, 0xd8, 0xff, 0xe1, 0xff))).toBe(1);
  });
});

describe('stripJpegMetadata', () => {
  it('keeps an orientation other than 1 and nothing else', async () => {
    for (const orientation of [2, 6, 8]) {
      const stored = await stripJpegMetadata(taggedJpeg(orientation));
      const loaded = piexif.load(binary(stored));
      expect(loaded['0th']).toEqual({ [piexif.ImageIFD.Orientation!]: orientation });
      expect(loaded.GPS).toEqual({});
      expect(binary(stored).includes('PhoneCo')).toBe(false);
      // Our segment right after SOI, then exactly what stripping alone leaves.
      expect(stored).toEqual(afterSoi(plainJpeg(), orientationSegment(orientation)));
    }
  });

  it('adds no EXIF segment when the orientation is 1 or absent', async () => {
    for (const file of [taggedJpeg(1), taggedJpeg(), plainJpeg()]) {
      expect(await stripJpegMetadata(file)).toEqual(plainJpeg());
    }
  });
});
