// The demo looks like a community from its first minute (issue 30, "Faces"): its members have
// profile pictures and covers, drawn when the demo is created (scripts/lib/demo-faces.ts) and
// uploaded through the real upload route as each member when the stack starts (scripts/lib/demo-images.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, type Session, signIn, withDatabase } from '../../scripts/lib/api-test-client.ts';

type DemoMember = {
  id: string;
  email: string;
  image_url: string | null;
  cover_image_url: string | null;
  /** The uploads rows behind the two addresses: [owner, bucket] each. */
  image_upload: [string, string] | null;
  cover_upload: [string, string] | null;
};

const FILE_ADDRESS = new RegExp(`^${baseUrl()}/api/files/users/[0-9a-f-]{36}\\.png$`);

/** A PNG's size, from its IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

let member: Session;
let demo: DemoMember[];
beforeAll(async () => {
  member = await signIn('member@example.com');
  demo = await withDatabase(async (db) => {
    const upload = (column: string) =>
      `(select json_build_array(u.owner_id, u.bucket) from uploads u where ${column} like '%/api/files/' || u.key)`;
    // The demo's people: the named accounts and the members the seed made (emails without a "+" tag).
    const { rows } = await db.query(
      `select id, email, image_url, cover_image_url, ${upload('image_url')} as image_upload,
          ${upload('cover_image_url')} as cover_upload
        from users where email ~ '^[a-z.]+@example\\.com$' order by email`,
    );
    return rows as DemoMember[];
  });
});

describe('the demo members', () => {
  it('have a picture and a cover of their own upload, all but the newcomer', () => {
    expect(demo.length).toBeGreaterThanOrEqual(25);
    const newcomer = demo.find((person) => person.email === 'newcomer@example.com');
    expect(newcomer).toMatchObject({ image_url: null, cover_image_url: null });
    for (const person of demo.filter((p) => p !== newcomer)) {
      expect(person.image_url, person.email).toMatch(FILE_ADDRESS);
      expect(person.cover_image_url, person.email).toMatch(FILE_ADDRESS);
      // Recorded as the member's own uploads, as the profile wizard's dropzones would have them.
      expect(person.image_upload, person.email).toEqual([person.id, 'users']);
      expect(person.cover_upload, person.email).toEqual([person.id, 'users']);
    }
  });

  it('show them to every member in the directory: PNG faces of 256 px and 900x300 covers, each different', async () => {
    const directory = await call('/api/community/users?search=Kenji', { token: member.token });
    expect(directory.status).toBe(200);
    const kenji = demo.find((person) => person.email === 'kenji.tanaka@example.com')!;
    expect(kenji.image_url).toMatch(FILE_ADDRESS);
    expect(directory.body.items[0]).toMatchObject({ id: kenji.id, imageUrl: kenji.image_url });

    const read = async (address: string) => {
      const file = await fetch(address, { headers: { Authorization: `Bearer ${member.token}` } });
      expect(file.status, address).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      return Buffer.from(await file.arrayBuffer());
    };
    const pictures = demo.filter((person) => person.image_url).slice(0, 4);
    expect(pictures).toHaveLength(4);
    const faces = await Promise.all(pictures.map((person) => read(person.image_url!)));
    const covers = await Promise.all(pictures.map((person) => read(person.cover_image_url!)));
    for (const face of faces) expect(pngSize(face)).toEqual({ width: 256, height: 256 });
    for (const cover of covers) expect(pngSize(cover)).toEqual({ width: 900, height: 300 });
    expect(new Set(faces.map((face) => face.toString('base64'))).size).toBe(faces.length);
    expect(new Set(covers.map((cover) => cover.toString('base64'))).size).toBe(covers.length);
  });
});
