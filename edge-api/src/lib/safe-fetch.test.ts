import { describe, expect, it } from 'vitest';
import { BlockedUrlError, isBlockedUrl, linkPreview, safeFetchText } from './safe-fetch.ts';

describe('outbound URL guard', () => {
  it.each([
    'http://127.0.0.1/',
    'http://10.0.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://0.0.0.0/',
    'http://192.168.1.10/',
    'http://172.20.0.1/',
    'http://100.64.0.1/',
    'http://[fe80::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://2130706433/',
    'http://0x7f.0.0.1/',
    'http://localhost:8787/',
    'http://intranet/',
    'http://printer.local/',
    'http://metadata.google.internal/',
    'ftp://example.com/',
    'file:///etc/passwd',
    'http://user:pass@example.com/',
  ])('refuses %s', (url) => {
    expect(isBlockedUrl(url)).toBe(true);
  });

  it.each(['https://example.com/', 'http://93.184.216.34/', 'https://[2606:4700::1111]/'])(
    'allows %s',
    (url) => {
      expect(isBlockedUrl(url)).toBe(false);
    },
  );
});

describe('safe fetch', () => {
  // A stand-in for the outside network: these tests never leave the machine.
  const network = (pages: Record<string, Response | (() => Response)>) =>
    (async (input: RequestInfo | URL) => {
      const page = pages[String(input)];
      if (!page) throw new Error(`unexpected fetch of ${String(input)}`);
      return typeof page === 'function' ? page() : page;
    }) as typeof fetch;

  it('refuses a redirect to a private address', async () => {
    const fetchImpl = network({
      'https://example.com/': new Response(null, {
        status: 302,
        headers: { location: 'http://169.254.169.254/' },
      }),
    });
    await expect(safeFetchText('https://example.com/', { fetchImpl })).rejects.toBeInstanceOf(
      BlockedUrlError,
    );
  });

  it('stops after three redirects', async () => {
    const hop = (to: string) => () => new Response(null, { status: 301, headers: { location: to } });
    const fetchImpl = network({
      'https://a.example/': hop('https://b.example/'),
      'https://b.example/': hop('https://c.example/'),
      'https://c.example/': hop('https://d.example/'),
      'https://d.example/': hop('https://e.example/'),
    });
    await expect(safeFetchText('https://a.example/', { fetchImpl })).rejects.toThrow('Too many redirects');
  });

  it('caps the body it reads', async () => {
    const fetchImpl = network({ 'https://example.com/': new Response('x'.repeat(10_000)) });
    const { text } = await safeFetchText('https://example.com/', { fetchImpl, maxBytes: 1000 });
    expect(text.length).toBe(1000);
  });

  it('finds the favicon and title of a page, and leaves them empty when the fetch fails', async () => {
    const html =
      '<html><head><title>Example Club</title><link rel="icon" href="/static/icon.png"></head></html>';
    const preview = await linkPreview('https://example.com/about', {
      fetchImpl: network({ 'https://example.com/about': new Response(html) }),
    });
    expect(preview).toEqual({
      host: 'example.com',
      faviconUrl: 'https://example.com/static/icon.png',
      title: 'Example Club',
    });
    const failed = await linkPreview('http://127.0.0.1:9/', { fetchImpl: network({}) });
    expect(failed).toEqual({ host: '127.0.0.1', faviconUrl: null, title: null });
  });
});
