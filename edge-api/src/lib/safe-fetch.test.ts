import { describe, expect, it } from 'vitest';
import { HOSTILE_PAGES } from './hostile-pages.ts';
import { BlockedUrlError, ipv6Groups, isBlockedUrl, linkPreview, safeFetch } from './safe-fetch.ts';

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

  // Bypasses found in the hardening review (issue 8): a trailing dot names the same host; IPv6
  // forms that embed or translate to a private IPv4; reserved IPv6 ranges outside global unicast.
  it.each([
    'http://localhost./',
    'http://localhost../',
    'http://LOCALHOST./',
    'http://metadata.google.internal./',
    'http://metadata.google.internal../computeMetadata/v1/',
    'http://printer.local./',
    'http://api.internal./',
    'http://router.home.arpa/',
    'http://app.localhost/',
    'http://loc%61lhost/',
    'http://ｌｏｃａｌｈｏｓｔ/',
    'http://127.0.0.1./',
    'http://[64:ff9b::127.0.0.1]/', // NAT64 of loopback
    'http://[64:ff9b::a9fe:a9fe]/', // NAT64 of the metadata address
    'http://[64:ff9b::a00:1]/', // NAT64 of 10.0.0.1
    'http://[64:ff9b:1::5db8:d822]/', // local-use NAT64: translated by the local network
    'http://[2002:7f00:1::]/', // 6to4 of 127.0.0.1
    'http://[2002:a9fe:a9fe::1]/', // 6to4 of 169.254.169.254
    'http://[2002:c0a8:101::1]/', // 6to4 of 192.168.1.1
    'http://[fec0::1]/', // site-local
    'http://[fc00::1]/',
    'http://[fd12:3456::1]/',
    'http://[ff02::1]/',
    'http://[::]/',
    'http://[::7f00:1]/', // IPv4-compatible 127.0.0.1
    'http://[::127.0.0.1]/',
    'http://[::5db8:d822]/', // IPv4-compatible, even of a public address: deprecated
    'http://[::ffff:5db8:d822]/', // IPv4-mapped, any address
    'http://[0:0:0:0:0:ffff:a00:1]/',
    'http://[::ffff:0:7f00:1]/', // IPv4-translated
    'http://[100::1]/', // discard-only
    'http://[2001::1]/', // Teredo: embeds an IPv4 address, tunnels anywhere
    'http://[2001:db8::1]/', // documentation
    'http://[3fff::1]/',
    'http://10.0.0.1.nip.io/',
    'http://127-0-0-1.sslip.io/',
    'http://anything.localtest.me/',
    'http://169.254.169.254.example.com/',
    'http://192-168-0-1.example.net/',
    'http://198.51.100.7/',
    'http://203.0.113.9/',
  ])('refuses the bypass %s', (url) => {
    expect(isBlockedUrl(url)).toBe(true);
  });

  it.each([
    'https://example.com/',
    'https://example.com./',
    'http://93.184.216.34/',
    'https://[2606:4700::1111]/',
    'https://[2606:4700:4700::1001]/',
    'http://[64:ff9b::5db8:d822]/', // NAT64 of a public address
    'http://[2002:5db8:d822::1]/', // 6to4 of a public address
    'https://8.8.8.8.example.com/', // starts with a public address
    'https://localhost-tools.example.com/',
  ])('allows %s', (url) => {
    expect(isBlockedUrl(url)).toBe(false);
  });

  it('reads every IPv6 spelling into its eight groups', () => {
    expect(ipv6Groups('[::1]')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups('64:ff9b::127.0.0.1')).toEqual([0x64, 0xff9b, 0, 0, 0, 0, 0x7f00, 1]);
    expect(ipv6Groups('2606:4700::1111')).toEqual([0x2606, 0x4700, 0, 0, 0, 0, 0, 0x1111]);
    expect(ipv6Groups('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ipv6Groups('1::2::3')).toBeNull();
    expect(ipv6Groups('1:2:3:4:5:6:7:8:9')).toBeNull();
    expect(ipv6Groups('fe80::1%eth0')).toBeNull();
  });
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
    await expect(safeFetch('https://example.com/', { fetchImpl })).rejects.toBeInstanceOf(BlockedUrlError);
  });

  it('refuses a redirect to a fully qualified local name (trailing dot)', async () => {
    const fetchImpl = network({
      'https://example.com/': new Response(null, {
        status: 302,
        headers: { location: 'http://metadata.google.internal./computeMetadata/v1/' },
      }),
    });
    await expect(safeFetch('https://example.com/', { fetchImpl })).rejects.toBeInstanceOf(BlockedUrlError);
  });

  it('stops after three redirects', async () => {
    const hop = (to: string) => () => new Response(null, { status: 301, headers: { location: to } });
    const fetchImpl = network({
      'https://a.example/': hop('https://b.example/'),
      'https://b.example/': hop('https://c.example/'),
      'https://c.example/': hop('https://d.example/'),
      'https://d.example/': hop('https://e.example/'),
    });
    await expect(safeFetch('https://a.example/', { fetchImpl })).rejects.toThrow('Too many redirects');
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

  // Issue 27: the old patterns spent 24 s of CPU on each of these; only the head is read now.
  it.each(Object.entries(HOSTILE_PAGES))(
    'previews a 256 KB page of %s from its head alone',
    async (_, html) => {
      let pulled = 0;
      const bytes = new TextEncoder().encode(html);
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled >= bytes.length) return controller.close();
          controller.enqueue(bytes.subarray(pulled, pulled + 4096));
          pulled += 4096;
        },
      });
      const fetchImpl = network({ 'https://example.com/': () => new Response(body) });
      expect(await linkPreview('https://example.com/', { fetchImpl })).toEqual({
        host: 'example.com',
        faviconUrl: 'https://example.com/favicon.ico',
        title: null,
      });
      expect(pulled).toBeLessThanOrEqual(64 * 1024 + 4096);
    },
  );

  it('decodes the title as a browser shows it', async () => {
    const html = '<head><title>Tom &amp; Jerry</title></head>';
    const fetchImpl = network({ 'https://example.com/': () => new Response(html) });
    expect((await linkPreview('https://example.com/', { fetchImpl })).title).toBe('Tom & Jerry');
  });
});
