// The demo events' banners (packages/db/demo-banners). The seed writes rows only; once the Workers
// answer, each banner goes through the API's own upload, `POST /api/uploads/events`, signed in as the
// event's author: R2 then holds it under a key the API made, with the type it sniffed, and the
// uploads table names the author as its owner, exactly as for a banner chosen in the event form (so
// the author's later edits pass the own-media check). The address the upload answers is then set on
// the event. Run once, when the seed has just written the demo (seedDemo's `banners`).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_BANNERS_FOLDER, DEMO_PASSWORD, type DemoBanner } from '@community/db';
import pg from 'pg';

export async function uploadDemoBanners(
  url: string,
  databaseUrl: string,
  banners: readonly DemoBanner[],
): Promise<void> {
  if (banners.length === 0) return;
  const authors = new Map<string, DemoBanner[]>();
  for (const banner of banners)
    authors.set(banner.authorEmail, [...(authors.get(banner.authorEmail) ?? []), banner]);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await Promise.all(
      [...authors].map(async ([email, theirs]) => {
        const session = await signIn(url, email);
        try {
          await Promise.all(
            theirs.map(async (banner) => {
              const address = await upload(url, session.token, banner.file);
              await client.query('update events set banner_url = $1 where id = $2', [address, banner.eventId]);
            }),
          );
        } finally {
          await fetch(`${url}/api/auth/sign-out`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${session.token}` },
          });
          // The seed's uploads are not the author's: their upload limit starts full.
          await client.query(`delete from rate_limit_buckets where key = 'write:upload:' || $1`, [
            session.userId,
          ]);
        }
      }),
    );
  } finally {
    await client.end();
  }
}

async function signIn(url: string, email: string) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`demo banners: signing in as ${email} answered ${response.status}`);
  const body = (await response.json()) as { accessToken: string; user: { id: string } };
  return { token: body.accessToken, userId: body.user.id };
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
