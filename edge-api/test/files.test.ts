import { beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  call,
  type Session,
  signIn,
  TINY_PNG,
  uploadFile,
} from '../../scripts/lib/api-test-client.ts';
import { signFileUrl } from '../src/services/files.ts';

const PNG = TINY_PNG;

let member: Session;
beforeAll(async () => {
  member = await signIn('member@example.com');
});

const upload = (bucket: string, bytes: Uint8Array, name: string, type = 'image/png') =>
  uploadFile(member, bucket, bytes, name, type);

describe('uploads and signed URLs', () => {
  it('stores an image under a server-made key and serves it through a signed URL', async () => {
    const uploaded = await upload('events', PNG, '../../evil name.png');
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.key).toMatch(/^events\/[0-9a-f-]{36}\.png$/);
    const signed = await call(`/api/aws-s3/url?key=${encodeURIComponent(uploaded.body.key)}`, {
      token: member.token,
    });
    expect(signed.status).toBe(200);
    const file = await fetch(signed.body.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);
  });

  it('rejects a file that is not an image whatever its name and claimed type, and leaves nothing', async () => {
    const html = new TextEncoder().encode('<script>alert(1)</script>');
    const answer = await upload('events', html, 'banner.png', 'image/png');
    expect(answer).toMatchObject({ status: 400, body: { error: 'Invalid file type.' } });
  });

  it('rejects a file over 5 MB with 413', async () => {
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(PNG);
    const answer = await upload('events', big, 'big.png');
    expect(answer.status).toBe(413);
    expect(answer.body.error).toBe('The file is too large. Max size is 5 MB.');
  });

  it('answers a 4 MB upload without a session with its 401, though the body was never wanted (read and dropped, not reset)', async () => {
    const form = new FormData();
    form.set('file', new File([new Uint8Array(4 * 1024 * 1024)], 'big.png', { type: 'image/png' }));
    const answer = await fetch(`${baseUrl()}/api/uploads/events`, { method: 'POST', body: form });
    expect(answer.status).toBe(401);
    expect(((await answer.json()) as { error: string }).error).toBeTruthy();
  });

  it('lets a signed-in member read an avatar at its plain address, as every <img> of it asks; nobody else, and no narrower file', async () => {
    const avatar = await upload('users', PNG, 'me.png');
    expect(avatar.status).toBe(201);
    const plain = avatar.body.url as string;
    const other = await signIn('host@example.com');
    const read = await fetch(plain, { headers: { Authorization: `Bearer ${other.token}` } });
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
    expect((await fetch(plain)).status).toBe(403);
    const narrow = await upload('spaces', PNG, 'room.png');
    expect(narrow.status).toBe(201);
    const refused = await fetch(narrow.body.url as string, {
      headers: { Authorization: `Bearer ${other.token}` },
    });
    expect(refused.status).toBe(403);
  });

  it('refuses a forged or expired signature with 403', async () => {
    const { body } = await upload('events', PNG, 'a.png');
    const signed = (
      await call(`/api/aws-s3/url?key=${encodeURIComponent(body.key)}`, { token: member.token })
    ).body.url;
    const forged = signed.replace(/signature=[^&]+/, 'signature=AAAA');
    expect((await fetch(forged)).status).toBe(403);
    // Signed with the local stack's secret (edge-api/wrangler.jsonc), but an hour ago.
    const expiredPath = await signFileUrl(
      'local-dev-auth-secret-change-me',
      body.key,
      Date.now() - 60 * 60 * 1000,
    );
    const expired = await fetch(`${baseUrl()}${expiredPath}`);
    expect(expired.status).toBe(403);
    expect(await expired.json()).toEqual({
      error: 'This link is invalid or has expired.',
      requestId: expired.headers.get('X-Request-Id'),
    });
  });

  it('answers an unknown key with 404 and anonymous callers with 401', async () => {
    const unknown = await call('/api/aws-s3/url?key=events/00000000-0000-4000-8000-000000000000.png', {
      token: member.token,
    });
    expect(unknown.status).toBe(404);
    expect((await call('/api/aws-s3/url?key=events/x.png')).status).toBe(401);
  });
});

describe('documents in chat', () => {
  const PDF = new TextEncoder().encode('%PDF-1.4\n% minimal\n');

  it('takes a PDF in the spaces bucket only, and serves it as a download', async () => {
    expect((await upload('events', PDF, 'doc.pdf', 'application/pdf')).status).toBe(400);
    const uploaded = await upload('spaces', PDF, 'doc.pdf', 'application/pdf');
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.key).toMatch(/^spaces\/[0-9a-f-]{36}\.pdf$/);
    const signed = await call(`/api/aws-s3/url?key=${encodeURIComponent(uploaded.body.key)}`, {
      token: member.token,
    });
    const file = await fetch(signed.body.url);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe('attachment');
  });
});
