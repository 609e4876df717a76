// The admin URL entries' previews (issue 8, SSRF guard): at most 20 entries per request, and the
// server fetches nothing local, however the address is spelled (a trailing dot, NAT64, 6to4...).
// The guard's full list of forms is unit-tested in src/lib/safe-fetch.test.ts; here the real stack
// shows the rule holds end to end: a refused address is stored with no favicon and no title.
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, type Session, signIn, withDatabase } from '../../scripts/lib/api-test-client.ts';

let admin: Session;
let communityId: string;
let path: string;

const entryCount = () =>
  withDatabase(async (db) =>
    Number(
      (await db.query('select count(*) from url_entries where user_id = $1', [admin.user.id])).rows[0].count,
    ),
  );

beforeAll(async () => {
  admin = await signIn('admin@example.com');
  communityId = (await call(`/api/admin-panel/community/${admin.user.id}`, { token: admin.token })).body.id;
  path = `/api/admin-panel/urls/${admin.user.id}`;
});

describe('admin URL entries', () => {
  it('takes at most 20 URLs per request, with a clear message, and stores nothing beyond that', async () => {
    const before = await entryCount();
    const urls = Array.from({ length: 21 }, (_, i) => ({ url: `http://metadata.google.internal./v${i}` }));
    const tooMany = await call(path, { method: 'POST', token: admin.token, body: { urls, communityId } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe('Add at most 20 URLs at a time');
    expect(tooMany.body.issues).toContainEqual({ path: 'urls', message: 'Add at most 20 URLs at a time' });
    expect(await entryCount()).toBe(before);

    const twenty = await call(path, {
      method: 'POST',
      token: admin.token,
      body: { urls: urls.slice(0, 20), communityId },
    });
    expect(twenty.status, JSON.stringify(twenty.body)).toBe(201);
    expect(twenty.body.items).toHaveLength(20);
    for (const item of twenty.body.items) {
      expect(item).toMatchObject({ host: 'metadata.google.internal.', faviconUrl: null, label: null });
      await call(`${path}/${item.id}`, { method: 'DELETE', token: admin.token });
    }
  });

  it('fetches nothing from local addresses spelled to slip past a name check', async () => {
    const port = new URL(baseUrl()).port;
    // The stack itself answers on these: a fetch that got through would bring back its favicon.
    const sneaky = [
      `http://localhost.:${port}/`,
      `http://LOCALHOST..:${port}/`,
      `http://[::ffff:7f00:1]:${port}/`,
      `http://[::127.0.0.1]:${port}/`,
      `http://[64:ff9b::7f00:1]:${port}/`,
      `http://[2002:7f00:1::]:${port}/`,
      `http://[fec0::1]:${port}/`,
      `http://127.0.0.1.nip.io:${port}/`,
    ];
    const added = await call(path, {
      method: 'POST',
      token: admin.token,
      body: { urls: sneaky.map((url) => ({ url })), communityId },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    for (const item of added.body.items) {
      expect(item, item.url).toMatchObject({ faviconUrl: null, label: null });
      await call(`${path}/${item.id}`, { method: 'DELETE', token: admin.token });
    }
  });
});
