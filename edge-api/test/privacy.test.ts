// Privacy (issue 8): members' emails only for community admins; a signed file URL only for someone
// who may read the file; uploaded JPEGs stripped of EXIF/GPS. All over real HTTP against the stack.
import jpeg from 'jpeg-js';
import piexif from 'piexifjs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  call,
  extraMember,
  type Session,
  signIn,
  unique,
  withDatabase,
} from '../../scripts/lib/api-test-client.ts';

// The smallest valid PNG: 1x1 transparent pixel.
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

async function upload(session: Session, bucket: string, bytes: Uint8Array, name = 'a.png') {
  const form = new FormData();
  form.set('file', new File([bytes], name));
  const response = await fetch(`${baseUrl()}/api/uploads/${bucket}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${session.token}` },
    body: form,
  });
  const body = (await response.json()) as { key: string; url: string };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body;
}

const sign = (session: Session, key: string) =>
  call(`/api/aws-s3/url?key=${encodeURIComponent(key)}`, { token: session.token });

async function createSpace(session: Session, type: 'PUBLIC' | 'PRIVATE') {
  const created = await call('/api/spaces', {
    method: 'POST',
    token: session.token,
    body: { name: `Privacy ${unique()}`, description: 'Who sees what', type },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
}

async function addMember(admin: Session, spaceId: string, userId: string) {
  const added = await call(`/api/spaces/${spaceId}/users`, {
    method: 'POST',
    token: admin.token,
    body: { userId },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return added.body.items as { id: string; userId: string; user: { email: string | null } }[];
}

async function sendWithAttachment(session: Session, spaceId: string, file: { url: string }) {
  const sent = await call(`/api/spaces/${spaceId}/messages`, {
    method: 'POST',
    token: session.token,
    body: {
      content: '',
      attachments: [{ name: 'photo.png', url: file.url, type: 'img' }],
      clientKey: `k-${unique()}`,
    },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  return sent.body.message.id as string;
}

let host: Session; // community HOST: not an admin, yet may create spaces and so be a space admin
let member: Session;
let admin: Session; // community ADMIN
let owner: Session; // SUPER_ADMIN
let outsider: Session;
let other: Session;

beforeAll(async () => {
  [host, member, admin, owner, outsider, other] = await Promise.all([
    signIn('host@example.com'),
    signIn('member@example.com'),
    signIn('admin@example.com'),
    signIn('owner@example.com'),
    signIn(await extraMember(20)),
    signIn(await extraMember(21)),
  ]);
});

describe("members' emails", () => {
  it('a space admin who is not a community admin sees no other member’s email anywhere', async () => {
    const spaceId = await createSpace(host, 'PUBLIC');
    const added = await addMember(host, spaceId, member.user.id);
    const othersIn = (items: { userId: string; user: { email: string | null } }[]) =>
      items.filter((item) => item.userId !== host.user.id);
    expect(othersIn(added).length).toBeGreaterThan(0);
    expect(othersIn(added).map((item) => item.user.email)).toEqual(othersIn(added).map(() => null));
    // One's own email is no secret to oneself.
    expect(added.find((item) => item.userId === host.user.id)?.user.email).toBe('host@example.com');

    const listed = await call(`/api/spaces/${spaceId}/members`, { token: host.token });
    expect(listed.status).toBe(200);
    expect(othersIn(listed.body.items).every((item) => item.user.email === null)).toBe(true);

    const addable = await call(`/api/spaces/${spaceId}/addable-users`, {
      token: host.token,
    });
    expect(addable.status).toBe(200);
    expect(addable.body.items.length).toBeGreaterThan(0);
    expect(JSON.stringify(addable.body)).not.toMatch(/@/);

    const memberId = added.find((item) => item.userId === member.user.id)?.id;
    const promoted = await call(`/api/spaces/${spaceId}/members/${memberId}`, {
      method: 'PATCH',
      token: host.token,
      body: { role: 'MODERATOR' },
    });
    expect(promoted.status).toBe(200);
    expect(othersIn(promoted.body.items).every((item: any) => item.user.email === null)).toBe(true);

    // Community ADMIN and SUPER_ADMIN still see them (they manage users in the admin panel anyway).
    for (const viewer of [admin, owner]) {
      const seen = await call(`/api/spaces/${spaceId}/members`, { token: viewer.token });
      expect(seen.status).toBe(200);
      expect(seen.body.items.find((item: any) => item.userId === member.user.id)?.user.email).toBe(
        'member@example.com',
      );
    }
  });

  it('a community admin who adds a member sees the emails in the answer', async () => {
    const spaceId = await createSpace(admin, 'PRIVATE');
    const added = await addMember(admin, spaceId, member.user.id);
    expect(added.find((item) => item.userId === member.user.id)?.user.email).toBe('member@example.com');
  });
});

describe('signed URLs only for those who may read the file', () => {
  let privateSpace: string;

  beforeAll(async () => {
    privateSpace = await createSpace(host, 'PRIVATE');
    await addMember(host, privateSpace, member.user.id);
    await addMember(host, privateSpace, other.user.id);
  });

  it('records every upload with its owner', async () => {
    const file = await upload(member, 'events', PNG);
    const rows = await withDatabase((db) =>
      db.query('select bucket, owner_id, space_id from uploads where key = $1', [file.key]),
    );
    expect(rows.rows).toEqual([{ bucket: 'events', owner_id: member.user.id, space_id: null }]);
  });

  it('a chat upload not yet sent is its owner’s alone', async () => {
    const file = await upload(member, 'spaces', PNG);
    expect((await sign(member, file.key)).status).toBe(200);
    for (const stranger of [host, outsider, owner]) {
      const answer = await sign(stranger, file.key);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ error: 'You are not allowed to read this file.' });
    }
  });

  it('once sent in a private space, its members may read it; others may not; a kicked member loses it', async () => {
    const file = await upload(member, 'spaces', PNG);
    await sendWithAttachment(member, privateSpace, file);
    for (const reader of [member, host, other]) expect((await sign(reader, file.key)).status).toBe(200);
    for (const stranger of [outsider, admin]) expect((await sign(stranger, file.key)).status).toBe(403);

    const signed = await sign(other, file.key);
    const read = await fetch(signed.body.url);
    expect(read.status).toBe(200);
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(PNG);

    const members = await call(`/api/spaces/${privateSpace}/members`, { token: host.token });
    const otherMemberId = members.body.items.find((item: any) => item.userId === other.user.id)?.id;
    const kicked = await call(`/api/spaces/${privateSpace}/members/${otherMemberId}`, {
      method: 'DELETE',
      token: host.token,
    });
    expect(kicked.status).toBe(200);
    expect((await sign(other, file.key)).status).toBe(403);
  });

  it('a deleted message takes its files with it, unless another message in the space still carries them', async () => {
    const file = await upload(member, 'spaces', PNG);
    const first = await sendWithAttachment(member, privateSpace, file);
    expect((await sign(host, file.key)).status).toBe(200);
    const deleted = await call(`/api/spaces/${privateSpace}/messages/${first}`, {
      method: 'DELETE',
      token: member.token,
    });
    expect(deleted.status).toBe(200);
    expect((await sign(host, file.key)).status).toBe(403);
    expect((await sign(member, file.key)).status).toBe(200); // still its uploader's

    const shared = await upload(member, 'spaces', PNG);
    const one = await sendWithAttachment(member, privateSpace, shared);
    await sendWithAttachment(member, privateSpace, shared);
    await call(`/api/spaces/${privateSpace}/messages/${one}`, { method: 'DELETE', token: host.token });
    expect((await sign(host, shared.key)).status).toBe(200);
  });

  it('a file sent in a public space is readable by every member', async () => {
    const publicSpace = await createSpace(host, 'PUBLIC');
    const file = await upload(host, 'spaces', PNG);
    await sendWithAttachment(host, publicSpace, file);
    expect((await sign(outsider, file.key)).status).toBe(200);
  });

  it('someone else’s upload cannot be sent (the media rule): it stays its owner’s', async () => {
    const theirs = await upload(outsider, 'spaces', PNG);
    const sent = await call(`/api/spaces/${privateSpace}/messages`, {
      method: 'POST',
      token: member.token,
      body: {
        attachments: [{ name: 'photo.png', url: theirs.url, type: 'img' }],
        clientKey: `k-${unique()}`,
      },
    });
    expect(sent.status).toBe(400);
    expect((await sign(host, theirs.key)).status).toBe(403);
    const rows = await withDatabase((db) =>
      db.query('select space_id from uploads where key = $1', [theirs.key]),
    );
    expect(rows.rows).toEqual([{ space_id: null }]);
  });

  it('files in public-content buckets are readable by any signed-in member, not by anonymous callers', async () => {
    for (const bucket of ['users', 'events', 'community', 'posts', 'postsComments']) {
      const file = await upload(member, bucket, PNG);
      expect((await sign(outsider, file.key)).status, bucket).toBe(200);
      expect((await call(`/api/aws-s3/url?key=${encodeURIComponent(file.key)}`)).status).toBe(401);
    }
  });

  it('answers 404 for an unknown key, and for a chat file nothing says who may read', async () => {
    const unknown = await sign(member, 'spaces/00000000-0000-4000-8000-000000000000.png');
    expect(unknown).toMatchObject({ status: 404, body: { error: 'File not found' } });
    expect((await sign(member, 'events/00000000-0000-4000-8000-000000000000.png')).status).toBe(404);
    // An object in R2 whose row is gone (e.g. uploaded before uploads were recorded): no one signs it.
    const file = await upload(member, 'spaces', PNG);
    await withDatabase((db) => db.query('delete from uploads where key = $1', [file.key]));
    expect((await sign(member, file.key)).status).toBe(404);
  });
});

describe('JPEG metadata', () => {
  const binary = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

  /** A real 16x16 JPEG with no metadata at all. */
  function plainJpeg(): Uint8Array {
    const width = 16;
    const height = 16;
    const pixels = Buffer.alloc(width * height * 4);
    for (let i = 0; i < pixels.length; i += 4) pixels.set([200, (i / 4) % 256, 40, 255], i);
    return new Uint8Array(jpeg.encode({ data: pixels, width, height }, 90).data);
  }

  /**
   * A real 16x16 JPEG carrying EXIF with a camera make and GPS coordinates (Paris), and the
   * orientation flag a phone writes when it stores the pixels sideways (6: rotate 90° clockwise).
   */
  function taggedJpeg(orientation?: number): Uint8Array {
    const plain = plainJpeg();
    const exif = piexif.dump({
      '0th': {
        [piexif.ImageIFD.Make!]: 'PhoneCo',
        ...(orientation === undefined ? {} : { [piexif.ImageIFD.Orientation!]: orientation }),
      },
      GPS: {
        [piexif.GPSIFD.GPSLatitudeRef!]: 'N',
        [piexif.GPSIFD.GPSLatitude!]: [
          [48, 1],
          [51, 1],
          [2403, 100],
        ],
        [piexif.GPSIFD.GPSLongitudeRef!]: 'E',
        [piexif.GPSIFD.GPSLongitude!]: [
          [2, 1],
          [17, 1],
          [4027, 100],
        ],
      },
    });
    return new Uint8Array(Buffer.from(piexif.insert(exif, binary(plain)), 'latin1'));
  }

  async function uploadAndReadBack(bytes: Uint8Array) {
    const file = await upload(member, 'users', bytes, 'holiday.jpg');
    const read = await fetch((await sign(member, file.key)).body.url);
    expect(read.headers.get('content-type')).toBe('image/jpeg');
    return new Uint8Array(await read.arrayBuffer());
  }

  /** How many EXIF APP1 segments (FF E1, a 2-byte length, then "Exif\0\0") the file has. */
  const exifSegments = (bytes: Uint8Array) => binary(bytes).match(/\xff\xe1[\s\S]{2}Exif\0\0/g)?.length ?? 0;

  it('an uploaded JPEG is stored without EXIF or GPS and still decodes', async () => {
    const tagged = taggedJpeg();
    // The fixture really carries what we expect to see removed.
    expect(Object.keys(piexif.load(binary(tagged)).GPS).length).toBe(4);
    expect(binary(tagged).includes('Exif\0\0')).toBe(true);

    const file = await upload(member, 'users', tagged, 'holiday.jpg');
    expect(file.key).toMatch(/^users\/[0-9a-f-]{36}\.jpg$/);
    const signed = await sign(member, file.key);
    const read = await fetch(signed.body.url);
    expect(read.headers.get('content-type')).toBe('image/jpeg');
    const stored = new Uint8Array(await read.arrayBuffer());

    const text = binary(stored);
    // Booleans, not toContain: a failure would print the whole binary file.
    expect(text.includes('Exif\0\0'), 'an EXIF segment is left').toBe(false);
    expect(text.includes('PhoneCo'), 'the camera make is left').toBe(false);
    const left = piexif.load(text);
    expect(left.GPS).toEqual({});
    expect(left['0th']).toEqual({});
    // Markers intact: starts with SOI, ends with EOI, and decodes to the same size.
    expect([stored[0], stored[1]]).toEqual([0xff, 0xd8]);
    expect([stored.at(-2), stored.at(-1)]).toEqual([0xff, 0xd9]);
    const decoded = jpeg.decode(stored);
    expect([decoded.width, decoded.height]).toEqual([16, 16]);
  });

  it('a sideways phone photo keeps its orientation, and only that', async () => {
    const tagged = taggedJpeg(6);
    expect(piexif.load(binary(tagged))['0th'][piexif.ImageIFD.Orientation!]).toBe(6);

    const stored = await uploadAndReadBack(tagged);
    const text = binary(stored);
    // Read back with piexifjs, not with the reader the API uses.
    const left = piexif.load(text);
    expect(left['0th']).toEqual({ [piexif.ImageIFD.Orientation!]: 6 });
    expect(left.GPS).toEqual({});
    expect(left.Exif).toEqual({});
    expect(left['1st']).toEqual({});
    expect(left.thumbnail).toBeNull();
    expect(text.includes('PhoneCo'), 'the camera make is left').toBe(false);
    expect(exifSegments(stored)).toBe(1);
    // Right after SOI, and nothing else: the 36-byte segment plus the scrubbed file.
    expect([...stored.subarray(0, 4)]).toEqual([0xff, 0xd8, 0xff, 0xe1]);
    expect(stored.length).toBe((await uploadAndReadBack(taggedJpeg())).length + 36);
    expect([stored.at(-2), stored.at(-1)]).toEqual([0xff, 0xd9]);
    expect([jpeg.decode(stored).width, jpeg.decode(stored).height]).toEqual([16, 16]);
  });

  it('a JPEG whose orientation is normal, or not given, gets no EXIF segment at all', async () => {
    for (const [name, bytes] of [
      ['orientation 1', taggedJpeg(1)],
      ['no orientation', taggedJpeg()],
      ['no EXIF', plainJpeg()],
    ] as const) {
      const stored = await uploadAndReadBack(bytes);
      expect(exifSegments(stored), name).toBe(0);
      expect(binary(stored).includes('Exif\0\0'), name).toBe(false);
      expect(piexif.load(binary(stored))['0th'], name).toEqual({});
    }
    // A file that never had metadata is stored byte for byte.
    const plain = plainJpeg();
    expect(await uploadAndReadBack(plain)).toEqual(plain);
  });

  it('a PNG is stored byte for byte', async () => {
    const file = await upload(member, 'users', PNG);
    const read = await fetch((await sign(member, file.key)).body.url);
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(PNG);
  });
});
