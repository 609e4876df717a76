import { describe, expect, it } from 'vitest';
import { mp3, mp4, ogg, PDF, PNG, wav, webm } from '../../test/media-samples.ts';
import { isAudioOnlyWebm, STORED_EXTENSIONS, sniffFile } from './file-types.ts';

const text = (value: string) => new TextEncoder().encode(value);

describe('sniffFile', () => {
  it.each([
    ['PNG', PNG, 'image/png', 'png', 'image'],
    [
      'JPEG',
      Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, ...text('JFIF'), 0]),
      'image/jpeg',
      'jpg',
      'image',
    ],
    ['GIF', text('GIF89a\x01\x00\x01\x00\x00\x00\x00'), 'image/gif', 'gif', 'image'],
    [
      'WebP',
      Uint8Array.from([...text('RIFF'), 26, 0, 0, 0, ...text('WEBPVP8 ')]),
      'image/webp',
      'webp',
      'image',
    ],
    ['PDF', PDF, 'application/pdf', 'pdf', 'document'],
    ['MP4 (isom brand)', mp4('isom'), 'video/mp4', 'mp4', 'video'],
    ['MP4 (mp42 brand)', mp4('mp42'), 'video/mp4', 'mp4', 'video'],
    ['M4A (M4A brand)', mp4('M4A '), 'audio/mp4', 'm4a', 'audio'],
    ['WebM with video', webm(['V_VP8', 'A_OPUS']), 'video/webm', 'webm', 'video'],
    ['WebM voice recording', webm(['A_OPUS']), 'audio/webm', 'webm', 'audio'],
    ['MP3 with an ID3 tag', mp3(), 'audio/mpeg', 'mp3', 'audio'],
    ['MP3 frames only', mp3({ id3: false }), 'audio/mpeg', 'mp3', 'audio'],
    ['Ogg Opus', ogg(), 'audio/ogg', 'ogg', 'audio'],
    ['WAV', wav(), 'audio/wav', 'wav', 'audio'],
  ])('knows %s by its bytes', async (_name, bytes, mime, extension, kind) => {
    expect(await sniffFile(bytes)).toEqual({ mime, extension, kind, inline: kind !== 'document' });
  });

  it.each([
    ['text', text('hello, this is not a video')],
    ['HTML', text('<!doctype html><script>alert(1)</script>')],
    ['SVG', text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ['a ZIP', Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...new Array(30).fill(0)])],
    ['QuickTime', mp4('qt  ')],
    ['Matroska', text('\x1a\x45\xdf\xa3\x88\x42\x82\x88matroska')],
    [
      'an ID3 tag in front of text',
      Uint8Array.from([
        ...text('ID3'),
        3,
        0,
        0,
        0,
        0,
        0,
        4,
        0,
        0,
        0,
        0,
        ...text('plain text here, no frames'),
      ]),
    ],
    ['nothing', new Uint8Array(0)],
  ])('refuses %s', async (_name, bytes) => {
    expect(await sniffFile(bytes)).toBeNull();
  });

  it('stores only the extensions FILE_KEY_PATTERN lets back in', () => {
    expect(STORED_EXTENSIONS.sort()).toEqual(
      ['gif', 'jpg', 'm4a', 'mp3', 'mp4', 'ogg', 'pdf', 'png', 'wav', 'webm', 'webp'].sort(),
    );
  });
});

describe('isAudioOnlyWebm', () => {
  it('is true only when every track is audio', () => {
    expect(isAudioOnlyWebm(webm(['A_OPUS']))).toBe(true);
    expect(isAudioOnlyWebm(webm(['A_VORBIS', 'A_OPUS']))).toBe(true);
    expect(isAudioOnlyWebm(webm(['V_VP9']))).toBe(false);
    expect(isAudioOnlyWebm(webm(['A_OPUS', 'V_AV1']))).toBe(false);
    expect(isAudioOnlyWebm(webm([]))).toBe(false);
  });

  it('reads the tracks only, not the media data after the first Cluster', () => {
    const voice = webm(['A_OPUS']);
    // A Cluster whose payload happens to hold the bytes of a video CodecID.
    const cluster = [0x1f, 0x43, 0xb6, 0x75, 0x88, 0x86, 0x85, ...new TextEncoder().encode('V_VP8'), 0];
    expect(isAudioOnlyWebm(Uint8Array.from([...voice, ...cluster]))).toBe(true);
  });
});
