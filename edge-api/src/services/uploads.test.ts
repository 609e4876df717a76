import { describe, expect, it } from 'vitest';
import { attachmentFields, fileOrigins, imageField, uploadedFileKey } from './uploads.ts';

const API = 'http://localhost:8787';
const PUBLIC = 'https://community.example.org';
const ORIGINS = [API, PUBLIC];
const KEY = 'users/0b9f3c4e-8a1d-4c2b-9e5f-6a7b8c9d0e1f.png';
const OWN = `${API}/api/files/${KEY}`;

describe('uploadedFileKey: the media rule on one address', () => {
  it('takes exactly the address the upload answered, on the API’s or the public origin', () => {
    expect(uploadedFileKey(OWN, 'users', ORIGINS)).toBe(KEY);
    expect(uploadedFileKey(`${PUBLIC}/api/files/${KEY}`, 'users', ORIGINS)).toBe(KEY);
  });

  // Issue 27 item 5's forms first, then the ways a URL parser and a pattern disagree.
  it.each([
    [`https://evil.example/api/files/${KEY}`, 'our path on another host'],
    [`https://evil.example/track?x=/api/files/${KEY}`, 'our path in another host’s query'],
    [`https://evil.example/track#/api/files/${KEY}`, 'our path in another host’s fragment'],
    [`${OWN}?x=1`, 'a query'],
    [`${OWN}?`, 'an empty query'],
    [`${OWN}#x`, 'a fragment'],
    [`http://user:pw@localhost:8787/api/files/${KEY}`, 'credentials'],
    [`http://localhost:8787@evil.example/api/files/${KEY}`, 'our origin as credentials of another host'],
    [`http://localhost:8787.evil.example/api/files/${KEY}`, 'our host as a label of another'],
    [`http://localhost:8788/api/files/${KEY}`, 'another port'],
    [`https://localhost:8787/api/files/${KEY}`, 'another scheme'],
    [`//evil.example/api/files/${KEY}`, 'a scheme-relative address'],
    [`/api/files/${KEY}`, 'a relative path (the upload answers an absolute address)'],
    [`${API}/api/files/posts/../${KEY}`, 'a dot segment'],
    [`${API}/api/files/users/%2e%2e/${KEY}`, 'an encoded dot segment'],
    [`${API}/api/files/${KEY.replace('/', '%2F')}`, 'an encoded slash'],
    [`${API}//api/files/${KEY}`, 'a doubled slash'],
    [`${API}/api/fi\tles/${KEY}`, 'a tab the URL parser drops'],
    [`${API}/api/files/${KEY.toUpperCase()}`, 'a key we do not make'],
    [`${API}/api/files/users/not-a-uuid.png`, 'a key we do not make'],
    [`${API}/api/files/users/0b9f3c4e-8a1d-4c2b-9e5f-6a7b8c9d0e1f.svg`, 'an extension we do not store'],
    [`${API}/api/files/${KEY}/more`, 'more path after the key'],
    [`${API}/files/${KEY}`, 'another path'],
    [`${API}/api/files/posts/0b9f3c4e-8a1d-4c2b-9e5f-6a7b8c9d0e1f.png`, 'another bucket'],
    [`javascript:fetch('${API}/api/files/${KEY}')`, 'another scheme altogether'],
    ['not a url', 'no URL at all'],
  ])('refuses %s (%s)', (url) => {
    expect(uploadedFileKey(url, 'users', ORIGINS)).toBeNull();
  });

  it('reads the origins from the request and the public URL, once each', () => {
    expect(fileOrigins('http://localhost:8787/api/users/1?x=1', 'http://localhost:8787')).toEqual([API]);
    expect(fileOrigins('http://127.0.0.1:8787/api/events', `${PUBLIC}/`)).toEqual([
      'http://127.0.0.1:8787',
      PUBLIC,
    ]);
  });
});

describe('the fields a write stores', () => {
  it('checks every attachment but links, each at its path', () => {
    const fields = attachmentFields(
      [
        { url: 'https://docs.example.org/guide', type: 'a' },
        { url: OWN, type: 'img' },
        { url: 'https://tracker.example/p.png', type: 'file' },
      ],
      'spaces',
    );
    expect(fields.map((field) => field.path)).toEqual(['attachments.1.url', 'attachments.2.url']);
    expect(attachmentFields(undefined, 'posts')).toEqual([]);
  });

  it('names an image field and the value an edit keeps', () => {
    expect(imageField('bannerUrl', OWN, 'events', 'https://old.example/b.png')).toMatchObject({
      path: 'bannerUrl',
      bucket: 'events',
      message: 'Upload the image here.',
      stored: 'https://old.example/b.png',
    });
  });
});
