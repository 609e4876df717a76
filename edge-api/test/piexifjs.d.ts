// The few piexifjs calls the tests use to make and read a GPS-tagged JPEG (the package ships no types).
declare module 'piexifjs' {
  type IfdValues = Record<number, unknown>;
  type ExifData = Record<'0th' | 'Exif' | 'GPS' | 'Interop' | '1st', IfdValues> & {
    thumbnail: string | null;
  };
  const piexif: {
    /** Binary strings in and out: one char per byte. */
    dump(data: Partial<ExifData>): string;
    insert(exif: string, jpeg: string): string;
    load(jpeg: string): ExifData;
    ImageIFD: Record<string, number>;
    GPSIFD: Record<string, number>;
  };
  export default piexif;
}
