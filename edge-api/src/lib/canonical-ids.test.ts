import { describe, expect, it } from 'vitest';
import { withCanonicalIds } from './canonical-ids.ts';

const ID = '3F2504E0-4F89-11D3-9A0C-0305E82C3301';

describe('withCanonicalIds', () => {
  it('lower-cases every UUID segment of the path and keeps the rest of the request', async () => {
    const request = new Request(`http://x/api/users/${ID}/events?SearchName=Ann`, {
      method: 'PATCH',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    const canonical = withCanonicalIds(request);
    expect(new URL(canonical.url).pathname).toBe(`/api/users/${ID.toLowerCase()}/events`);
    expect(new URL(canonical.url).search).toBe('?SearchName=Ann');
    expect(canonical.method).toBe('PATCH');
    expect(canonical.headers.get('authorization')).toBe('Bearer t');
    expect(await canonical.text()).toBe('{"a":1}');
  });

  it('leaves other segments (file keys, names) as they are, and a path without ids untouched', () => {
    const files = new Request(`http://x/api/files/users/${ID}.PNG`);
    expect(withCanonicalIds(files)).toBe(files);
    const plain = new Request('http://x/api/spaces');
    expect(withCanonicalIds(plain)).toBe(plain);
  });
});
