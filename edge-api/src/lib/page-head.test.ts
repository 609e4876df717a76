import { describe, expect, it } from 'vitest';
import { HOSTILE_PAGE_BYTES, HOSTILE_PAGES } from './hostile-pages.ts';
import { HEAD_MAX_BYTES, parsePageHead, readPageHead, TITLE_MAX_CHARS } from './page-head.ts';

/** A body served in 4 KB chunks, counting what the reader pulled from it (`endless`: never ends). */
function countedBody(html: string, options: { endless?: boolean } = {}) {
  const bytes = new TextEncoder().encode(html);
  const pulled = { bytes: 0, cancelled: false };
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length && !options.endless) return controller.close();
      const chunk =
        offset < bytes.length ? bytes.subarray(offset, offset + 4096) : new Uint8Array(4096).fill(32);
      offset += chunk.length;
      pulled.bytes += chunk.length;
      controller.enqueue(chunk);
    },
    cancel() {
      pulled.cancelled = true;
    },
  });
  return { stream, pulled };
}

describe('page head', () => {
  it('finds the first title and icon link, decodes entities and tidies the title', () => {
    const html = `<!doctype html><html><head><meta charset="utf-8">
      <TITLE>
        Tom &amp; Jerry&#39;s   club
      </TITLE>
      <link rel="stylesheet" href="/style.css">
      <link href="/static/icon.png" REL="Shortcut Icon">
      <link rel="icon" href="/second.png"><title>Second</title></head><body></body></html>`;
    expect(parsePageHead(html)).toEqual({ title: "Tom & Jerry's club", iconHref: '/static/icon.png' });
  });

  it('takes nothing from the body, cuts a long title and leaves a cut-off title out', () => {
    expect(parsePageHead('<head></head><body><svg><title>Not this</title></svg>')).toEqual({
      title: null,
      iconHref: null,
    });
    expect(parsePageHead(`<title>${'a'.repeat(500)}</title>`).title).toHaveLength(TITLE_MAX_CHARS);
    expect(parsePageHead('<title>Half a tit').title).toBeNull();
    expect(parsePageHead('<title>   </title>').title).toBeNull();
  });

  // No time assertion here (speed is bench/link-preview.ts's, measured beside a reference): these
  // parse the whole 256 KB with no head limit, so a backtracking parser would hit the test timeout.
  it.each(Object.entries(HOSTILE_PAGES))('reads a 256 KB page of %s to the right result', (_, html) => {
    expect(html.length).toBeGreaterThanOrEqual(HOSTILE_PAGE_BYTES);
    expect(parsePageHead(html)).toEqual({ title: null, iconHref: null });
  });

  it('finds the title and icon after hostile junk, as a browser would', () => {
    const html = `${'<title'.repeat(1000)}><head><title>Real</title><link rel=icon href=/i.png>`;
    expect(parsePageHead(html)).toEqual({ title: 'Real', iconHref: '/i.png' });
  });

  it.each(Object.entries(HOSTILE_PAGES))(
    'stops reading a 256 KB page of %s at the head limit',
    async (_, html) => {
      const { stream, pulled } = countedBody(html);
      expect(await readPageHead(stream)).toEqual({ title: null, iconHref: null });
      expect(pulled.bytes).toBeLessThanOrEqual(HEAD_MAX_BYTES + 4096);
      expect(pulled.cancelled).toBe(true);
    },
  );

  it('stops at the end of the head, even when the body never ends', async () => {
    const html = '<html><head><title>Live</title><link rel="icon" href="/i.png"></head><body>';
    const { stream, pulled } = countedBody(html, { endless: true });
    expect(await readPageHead(stream)).toEqual({ title: 'Live', iconHref: '/i.png' });
    expect(pulled.bytes).toBeLessThanOrEqual(3 * 4096);
    expect(pulled.cancelled).toBe(true);
  });

  it('finds a title split across chunks and multi-byte characters', async () => {
    const html = `<head>${' '.repeat(4090)}<title>Café ☕ Oslo</title></head>`;
    const { stream } = countedBody(html);
    expect((await readPageHead(stream)).title).toBe('Café ☕ Oslo');
  });
});
