// The demo's pictures (seedDemo's `images`): the events' banners (committed files in
// packages/db/demo-banners) and the members' profile pictures and covers (drawn when the demo is
// created, scripts/lib/demo-faces.ts). The seed writes rows only; once the Workers answer, each
// picture goes through the API's own upload, `POST /api/uploads/{events|users}`, as its owner: R2
// then holds it under a key the API made, with the type it sniffed, and the uploads table names the
// owner, exactly as for a banner chosen in the event form or a picture in the profile wizard (so the
// owner's later edits pass the own-media check). The address the upload answers is then set on the
// event or the member. Run once, when the seed has just written the demo.
//
// The owners are signed in the cheap honest way (as bench/messages.ts does): a sessions row as
// sign-in writes one and an access token signed as edge-api signs them, with the stack's development
// AUTH_SECRET. The upload itself checks the session as for anyone; only the password check (PBKDF2,
// about 0.2 s each on the start's critical path) is skipped. The sessions are deleted afterwards.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { DEMO_BANNERS_FOLDER, type DemoImage } from '@community/db';
import { KNOWN_DEV_SECRETS } from '@community/realtime-protocol';
import pg from 'pg';
import { signAccessToken } from '../../edge-api/src/lib/tokens.ts';
import { drawCover, drawFace } from './demo-faces.ts';

/** A picture's bytes, ready to upload. */
export type DrawnImage = { image: DemoImage; name: string; type: string; bytes: Uint8Array };

/** Where each kind of picture is uploaded and which column then holds its address. */
const TARGETS = {
  banner: { bucket: 'events', update: 'update events set banner_url = $1 where id = $2' },
  avatar: { bucket: 'users', update: 'update users set image_url = $1 where id = $2' },
  cover: { bucket: 'users', update: 'update users set cover_image_url = $1 where id = $2' },
} as const satisfies Record<DemoImage['kind'], { bucket: string; update: string }>;

const targetId = (image: DemoImage) => (image.kind === 'banner' ? image.eventId : image.userId);

async function draw(image: DemoImage): Promise<DrawnImage> {
  if (image.kind === 'banner') {
    const bytes = await readFile(path.join(DEMO_BANNERS_FOLDER, image.file));
    return { image, name: image.file, type: 'image/webp', bytes };
  }
  const bytes = await (image.kind === 'avatar' ? drawFace(image.seed) : drawCover(image.seed));
  return { image, name: `${image.kind}.png`, type: 'image/png', bytes };
}

/**
 * Reads or draws every picture. Started as soon as the seed has written the demo, so the drawing
 * (0.03 s a face, 0.07 s a cover) runs while the Workers start in their own processes; their upload
 * waits for the API. One picture at a time, yielding between them: drawing is synchronous, and the
 * start's own steps (spawning the Workers, checking they answer) must not wait for all of it.
 */
export async function drawDemoImages(images: readonly DemoImage[]): Promise<DrawnImage[]> {
  const drawn: DrawnImage[] = [];
  for (const image of images) {
    drawn.push(await draw(image));
    await setImmediate();
  }
  return drawn;
}

export async function uploadDemoImages(
  url: string,
  databaseUrl: string,
  drawn: readonly DrawnImage[],
): Promise<void> {
  if (drawn.length === 0) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const emails = [...new Set(drawn.map(({ image }) => image.ownerEmail))];
    const { rows: sessions } = await client.query<{ email: string; user_id: string; session_id: string }>(
      `insert into sessions (user_id, refresh_token_hash, expires_at)
       select id, encode(sha256(gen_random_uuid()::text::bytea), 'hex'), now() + interval '5 minutes'
       from users where email = any($1)
       returning (select email from users where id = user_id) as email, user_id, id as session_id`,
      [emails],
    );
    try {
      const tokens = new Map(
        await Promise.all(
          sessions.map(
            async (row) =>
              [
                row.email,
                await signAccessToken(KNOWN_DEV_SECRETS.AUTH_SECRET, row.user_id, row.session_id),
              ] as const,
          ),
        ),
      );
      const addresses = await Promise.all(
        drawn.map((file) => {
          const token = tokens.get(file.image.ownerEmail);
          if (!token) throw new Error(`demo images: no user ${file.image.ownerEmail}`);
          return upload(url, token, TARGETS[file.image.kind].bucket, file);
        }),
      );
      // One client runs one statement at a time.
      for (const [i, { image }] of drawn.entries())
        await client.query(TARGETS[image.kind].update, [addresses[i], targetId(image)]);
    } finally {
      const userIds = sessions.map((row) => row.user_id);
      await client.query('delete from sessions where id = any($1)', [sessions.map((row) => row.session_id)]);
      // The seed's uploads are not the owners': their upload limit starts full.
      await client.query(`delete from rate_limit_buckets where key = any($1)`, [
        userIds.map((id) => `write:upload:${id}`),
      ]);
    }
  } finally {
    await client.end();
  }
}

/** Uploads one picture; answers the address the API gives it (`<origin>/api/files/<bucket>/…`). */
async function upload(url: string, token: string, bucket: string, file: DrawnImage): Promise<string> {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = await fetch(`${url}/api/uploads/${bucket}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201)
    throw new Error(
      `demo images: uploading ${file.name} answered ${response.status} ${await response.text()}`,
    );
  return ((await response.json()) as { url: string }).url;
}
