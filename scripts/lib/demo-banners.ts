// The demo events' banners (packages/db/demo-banners). The seed writes rows only; once the Workers
// answer, each banner goes through the API's own upload, `POST /api/uploads/events`, as the event's
// author: R2 then holds it under a key the API made, with the type it sniffed, and the uploads table
// names the author as its owner, exactly as for a banner chosen in the event form (so the author's
// later edits pass the own-media check). The address the upload answers is then set on the event.
// Run once, when the seed has just written the demo (seedDemo's `banners`).
//
// The author is signed in the cheap honest way (as bench/messages.ts does): a sessions row as
// sign-in writes one and an access token signed as edge-api signs them, with the stack's development
// AUTH_SECRET. The upload itself checks the session as for anyone; only the password check (PBKDF2,
// about 0.2 s each on the start's critical path) is skipped. The sessions are deleted afterwards.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_BANNERS_FOLDER, type DemoBanner } from '@community/db';
import { KNOWN_DEV_SECRETS } from '@community/realtime-protocol';
import pg from 'pg';
import { signAccessToken } from '../../edge-api/src/lib/tokens.ts';

export async function uploadDemoBanners(
  url: string,
  databaseUrl: string,
  banners: readonly DemoBanner[],
): Promise<void> {
  if (banners.length === 0) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const emails = [...new Set(banners.map((banner) => banner.authorEmail))];
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
      await Promise.all(
        banners.map(async (banner) => {
          const token = tokens.get(banner.authorEmail);
          if (!token) throw new Error(`demo banners: no user ${banner.authorEmail}`);
          const address = await upload(url, token, banner.file);
          await client.query('update events set banner_url = $1 where id = $2', [address, banner.eventId]);
        }),
      );
    } finally {
      const userIds = sessions.map((row) => row.user_id);
      await client.query('delete from sessions where id = any($1)', [sessions.map((row) => row.session_id)]);
      // The seed's uploads are not the authors': their upload limit starts full.
      await client.query(`delete from rate_limit_buckets where key = any($1)`, [
        userIds.map((id) => `write:upload:${id}`),
      ]);
    }
  } finally {
    await client.end();
  }
}

/** Uploads one banner file; answers the address the API gives it (`<origin>/api/files/events/…`). */
async function upload(url: string, token: string, file: string): Promise<string> {
  const form = new FormData();
  const bytes = await readFile(path.join(DEMO_BANNERS_FOLDER, file));
  form.set('file', new Blob([bytes], { type: 'image/webp' }), file);
  const response = await fetch(`${url}/api/uploads/events`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201)
    throw new Error(`demo banners: uploading ${file} answered ${response.status} ${await response.text()}`);
  return ((await response.json()) as { url: string }).url;
}
