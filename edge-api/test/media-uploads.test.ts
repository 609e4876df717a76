// Video, audio and files in posts and chat (issue 9, ADR 0012): each kind is known by its bytes, stored
// under its own type, read back inline (media) or as a download (PDF), seekable with Range; each
// bucket takes only its kinds, and each kind has its size (5 MB images and PDF, 25 MB video and audio).
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, extraMember, type Session, signIn } from '../../scripts/lib/api-test-client.ts';
import { mp3, mp4, ogg, PDF, PNG, padded, wav, webm } from './media-samples.ts';

const MB = 1024 * 1024;

// Uploads are limited per user (30 per 10 minutes; signing in starts the count afresh): two members
// share this file's uploads.
let first: Session;
let second: Session;
beforeAll(async () => {
  [first, second] = await Promise.all([signIn('member@example.com'), signIn(await extraMember(3))]);
});

async function upload(session: Session, bucket: string, bytes: Uint8Array, name: string, type = '') {
  const form = new FormData();
  form.set('file', new File([bytes], name, { type }));
  const response = await fetch(`${baseUrl()}/api/uploads/${bucket}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${session.token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function signedUrl(session: Session, key: string): Promise<string> {
  const signed = await call(`/api/aws-s3/url?key=${encodeURIComponent(key)}`, { token: session.token });
  expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  return signed.body.url;
}

describe('media and files in posts and chat', () => {
  const samples = [
    { name: 'clip.mp4', bytes: mp4('isom'), mime: 'video/mp4', extension: 'mp4' },
    { name: 'song.m4a', bytes: mp4('M4A '), mime: 'audio/mp4', extension: 'm4a' },
    { name: 'clip.webm', bytes: webm(['V_VP8', 'A_OPUS']), mime: 'video/webm', extension: 'webm' },
    { name: 'voice.webm', bytes: webm(['A_OPUS']), mime: 'audio/webm', extension: 'webm' },
    { name: 'song.mp3', bytes: mp3(), mime: 'audio/mpeg', extension: 'mp3' },
    { name: 'voice.ogg', bytes: ogg(), mime: 'audio/ogg', extension: 'ogg' },
    { name: 'beep.wav', bytes: wav(), mime: 'audio/wav', extension: 'wav' },
  ];

  it.each(samples)(
    'stores $name in posts as $mime and serves it inline',
    async ({ name, bytes, mime, extension }) => {
      // A misleading name and claimed type change nothing: the bytes decide.
      const uploaded = await upload(first, 'posts', bytes, `renamed-${name}.png`, 'image/png');
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
      expect(uploaded.body.key).toMatch(new RegExp(`^posts/[0-9a-f-]{36}\\.${extension}$`));
      const file = await fetch(await signedUrl(first, uploaded.body.key));
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe(mime);
      expect(file.headers.get('content-disposition')).toBeNull();
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
      expect(file.headers.get('accept-ranges')).toBe('bytes');
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
    },
  );

  it('stores a PDF in posts and serves it as a download', async () => {
    const uploaded = await upload(first, 'posts', PDF, 'doc.pdf', 'application/pdf');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body.key).toMatch(/^posts\/[0-9a-f-]{36}\.pdf$/);
    const file = await fetch(await signedUrl(first, uploaded.body.key));
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe('attachment');
  });

  it('takes video, audio and PDF in chat (spaces) too', async () => {
    for (const [bytes, name] of [
      [mp4(), 'clip.mp4'],
      [webm(['A_OPUS']), 'voice.webm'],
      [PDF, 'doc.pdf'],
    ] as const) {
      const uploaded = await upload(second, 'spaces', bytes, name);
      expect(uploaded.status, `${name}: ${JSON.stringify(uploaded.body)}`).toBe(201);
    }
  });

  it('keeps comments, avatars, banners and the logo to images', async () => {
    for (const bucket of ['postsComments', 'users', 'events', 'community']) {
      for (const [bytes, name] of [
        [mp4(), 'clip.mp4'],
        [mp3(), 'song.mp3'],
        [PDF, 'doc.pdf'],
      ] as const) {
        expect(await upload(second, bucket, bytes, name), `${name} into ${bucket}`).toMatchObject({
          status: 400,
          body: { error: 'Invalid file type.' },
        });
      }
    }
    expect((await upload(second, 'postsComments', PNG, 'a.png')).status).toBe(201);
  });

  it('refuses a text file renamed as a video or a song', async () => {
    const note = new TextEncoder().encode('Meeting notes: nothing to see here.\n');
    for (const [name, type] of [
      ['clip.mp4', 'video/mp4'],
      ['song.mp3', 'audio/mpeg'],
      ['voice.webm', 'audio/webm'],
      ['voice.ogg', 'audio/ogg'],
      ['beep.wav', 'audio/wav'],
    ]) {
      expect(await upload(first, 'posts', note, name!, type), name).toMatchObject({
        status: 400,
        body: { error: 'Invalid file type.' },
      });
    }
  });
});

describe('sizes per kind', () => {
  it('takes a 6 MB sound in posts but not a 6 MB image, whose limit stays 5 MB', async () => {
    const sound = await upload(first, 'posts', padded(wav(), 6 * MB), 'long.wav');
    expect(sound.status, JSON.stringify(sound.body)).toBe(201);
    const image = await upload(first, 'posts', padded(PNG, 6 * MB), 'big.png');
    expect(image).toMatchObject({ status: 413, body: { error: 'The file is too large. Max size is 5 MB.' } });
  });

  it('refuses video over 25 MB with the spec’s text naming 25 MB', async () => {
    const answer = await upload(first, 'posts', padded(mp4(), 26 * MB), 'long.mp4');
    expect(answer).toMatchObject({
      status: 413,
      body: { error: 'The file is too large. Max size is 25 MB.' },
    });
  });

  it('keeps 5 MB for buckets that take images only, whatever the file', async () => {
    const answer = await upload(first, 'postsComments', padded(mp4(), 6 * MB), 'long.mp4');
    expect(answer).toMatchObject({
      status: 413,
      body: { error: 'The file is too large. Max size is 5 MB.' },
    });
  });
});

describe('seeking (HTTP Range)', () => {
  let url: string;
  let bytes: Uint8Array;
  beforeAll(async () => {
    bytes = wav(1000);
    const uploaded = await upload(second, 'posts', bytes, 'seek.wav');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    url = await signedUrl(second, uploaded.body.key);
  });

  it('answers a range with 206, Content-Range and just those bytes', async () => {
    const part = await fetch(url, { headers: { Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(part.headers.get('content-type')).toBe('audio/wav');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(100, 200));
  });

  it('answers an open range and a suffix to the end of the file', async () => {
    const tail = await fetch(url, { headers: { Range: `bytes=${bytes.length - 10}-` } });
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(bytes.slice(-10));
    const suffix = await fetch(url, { headers: { Range: 'bytes=-4' } });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get('content-range')).toBe(
      `bytes ${bytes.length - 4}-${bytes.length - 1}/${bytes.length}`,
    );
    expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(bytes.slice(-4));
  });

  it('answers a range past the end with 416 and the size', async () => {
    const past = await fetch(url, { headers: { Range: `bytes=${bytes.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
  });

  it('still checks the signature first', async () => {
    const forged = url.replace(/signature=[^&]+/, 'signature=AAAA');
    expect((await fetch(forged, { headers: { Range: 'bytes=0-9' } })).status).toBe(403);
  });
});
