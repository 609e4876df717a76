import { describe, expect, it } from 'vitest';
import { discardBody } from './refused-body.ts';

/** A body of `chunks` chunks of 1 KB that counts how many were pulled and whether it was cancelled. */
function countingBody(chunks: number) {
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled === chunks) return controller.close();
      seen.pulled += 1;
      controller.enqueue(new Uint8Array(1024));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return {
    request: new Request('http://localhost/api/uploads/events', {
      method: 'POST',
      body,
      duplex: 'half',
    } as RequestInit),
    seen,
  };
}

describe('discardBody', () => {
  it('reads a refused body to its end', async () => {
    const { request, seen } = countingBody(50);
    await discardBody(request);
    expect(seen).toEqual({ pulled: 50, cancelled: false });
  });

  it('stops past its bound and cancels the rest', async () => {
    const { request, seen } = countingBody(1000);
    await discardBody(request, 10 * 1024);
    expect(seen.pulled).toBeLessThan(20);
    expect(seen.cancelled).toBe(true);
  });

  it('leaves a read or a bodiless request alone', async () => {
    const { request } = countingBody(3);
    await request.arrayBuffer();
    await expect(discardBody(request)).resolves.toBeUndefined();
    await expect(discardBody(new Request('http://localhost/api/health'))).resolves.toBeUndefined();
  });
});
