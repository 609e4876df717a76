// The smallest files of each kind the uploads take, built byte by byte: enough of each format's header
// for a sniffer (and a browser) to know it, nothing more. Shared by the sniffer's unit tests and the
// uploads API tests.

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
const u32be = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const u32le = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];
const u16le = (n: number) => [n & 0xff, (n >>> 8) & 0xff];

/** The smallest valid PNG: 1x1 transparent pixel. */
export const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

export const PDF = new TextEncoder().encode('%PDF-1.4\n% minimal\n');

/** An ISO BMFF file: an `ftyp` box with the major brand (`isom` is video, `M4A ` audio), then `free`. */
export function mp4(brand = 'isom'): Uint8Array {
  const ftyp = [...u32be(24), ...ascii('ftyp'), ...ascii(brand), ...u32be(0x200), ...ascii('isommp41')];
  const free = [...u32be(16), ...ascii('free'), ...new Array(8).fill(0)];
  return Uint8Array.from([...ftyp, ...free]);
}

/** A RIFF/WAVE file: 8 kHz mono 8-bit PCM, `samples` bytes of silence. */
export function wav(samples = 16): Uint8Array {
  const fmt = [...ascii('fmt '), ...u32le(16), ...u16le(1), ...u16le(1), ...u32le(8000), ...u32le(8000)];
  const data = [...ascii('data'), ...u32le(samples), ...new Array(samples).fill(0x80)];
  const body = [...ascii('WAVE'), ...fmt, ...u16le(1), ...u16le(8), ...data];
  return Uint8Array.from([...ascii('RIFF'), ...u32le(body.length), ...body]);
}

/** An Ogg page (beginning of stream) carrying an Opus identification header, as a voice recorder makes. */
export function ogg(): Uint8Array {
  const opusHead = [...ascii('OpusHead'), 1, 1, ...u16le(312), ...u32le(48000), ...u16le(0), 0];
  const page = [
    ...ascii('OggS'),
    0, // version
    0x02, // beginning of stream
    ...new Array(8).fill(0), // granule position
    ...u32le(0x1234), // serial
    ...u32le(0), // page sequence
    ...u32le(0), // CRC (not checked by sniffers)
    1, // one segment
    opusHead.length,
  ];
  return Uint8Array.from([...page, ...opusHead]);
}

/** One MPEG-1 Layer III frame (128 kbit/s, 44.1 kHz: 417 bytes), optionally after an ID3v2 tag. */
export function mp3({ id3 = true } = {}): Uint8Array {
  const frame = [0xff, 0xfb, 0x90, 0x64, ...new Array(413).fill(0)];
  const tagBody = [...ascii('TIT2'), ...u32be(6), 0, 0, 0, ...ascii('Hello')];
  const size = tagBody.length; // < 128: the sync-safe size is the byte itself
  const tag = [...ascii('ID3'), 3, 0, 0, 0, 0, 0, size, ...tagBody];
  return Uint8Array.from([...(id3 ? tag : []), ...frame, ...frame]);
}

/** A WebM file: the EBML header (DocType `webm`), then a Segment whose Tracks hold the given codecs. */
export function webm(codecs: string[] = ['V_VP8', 'A_OPUS']): Uint8Array {
  const element = (id: number[], body: number[]) => [...id, 0x80 | body.length, ...body];
  const header = [
    ...element([0x42, 0x86], [1]), // EBMLVersion
    ...element([0x42, 0xf7], [1]), // EBMLReadVersion
    ...element([0x42, 0xf2], [4]), // EBMLMaxIDLength
    ...element([0x42, 0xf3], [8]), // EBMLMaxSizeLength
    ...element([0x42, 0x82], ascii('webm')), // DocType
    ...element([0x42, 0x87], [4]), // DocTypeVersion
    ...element([0x42, 0x85], [2]), // DocTypeReadVersion
  ];
  const entries = codecs.flatMap((codec, index) =>
    element(
      [0xae], // TrackEntry
      [
        ...element([0xd7], [index + 1]), // TrackNumber
        ...element([0x83], [codec.startsWith('V_') ? 1 : 2]), // TrackType: 1 video, 2 audio
        ...element([0x86], ascii(codec)), // CodecID
      ],
    ),
  );
  const tracks = element([0x16, 0x54, 0xae, 0x6b], entries);
  const segment = [0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, ...tracks];
  return Uint8Array.from([...element([0x1a, 0x45, 0xdf, 0xa3], header), ...segment]);
}

/** `bytes` followed by zeros up to `size` bytes: a file of that size whose head is still `bytes`. */
export function padded(bytes: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size);
  out.set(bytes);
  return out;
}
