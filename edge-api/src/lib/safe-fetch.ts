// Outbound fetches on a user's behalf (favicons and titles of admin URLs). Only http(s), never to
// loopback, private, link-local, metadata or other non-public addresses, checked again at every
// redirect (at most 3), with a time cap; a preview reads at most the page's head (lib/page-head.ts).
//
// Where this runs decides what the guard must carry. Deployed on Cloudflare, `fetch` from a Worker
// reaches public hosts only (a Worker cannot open connections into a private network or to the
// machine it runs on), so there the platform is the real boundary and these checks are a second
// line. On a local run (`npm start`, wrangler dev, workerd on a laptop or a VM) `fetch` reaches
// whatever the machine reaches, so the checks below are the boundary: every literal address and
// local name is refused without DNS. What they cannot see is a public name whose DNS answer is
// private (rebinding); workerd offers no resolver to pin the answer, so on a local run such a name
// is a known gap, narrowed by refusing the public wildcard-DNS services made for exactly that.

import { HEAD_MAX_BYTES, readPageHead } from './page-head.ts';

export class BlockedUrlError extends Error {}

const MAX_REDIRECTS = 3;

function ipv4Parts(host: string): number[] | null {
  const parts = host.split('.');
  if (parts.length !== 4) return null;
  const numbers = parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : Number.NaN));
  return numbers.every((n) => n >= 0 && n <= 255) ? numbers : null;
}

/** Special-purpose IPv4 ranges (IANA registry): none of them is a public web server. */
function isPrivateIpv4([a, b, c]: number[]): boolean {
  return (
    a === 0 || // "this network", 0.0.0.0
    a === 10 ||
    a === 127 ||
    (a === 100 && b! >= 64 && b! <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local, cloud metadata
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) || // IETF protocol assignments, TEST-NET-1
    (a === 192 && b === 88 && c === 99) || // 6to4 relay anycast
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    (a === 198 && b === 51 && c === 100) || // TEST-NET-2
    (a === 203 && b === 0 && c === 113) || // TEST-NET-3
    a! >= 224 // multicast and reserved, broadcast
  );
}

/** The eight 16-bit groups of an IPv6 address (with or without brackets, a dotted tail allowed). */
export function ipv6Groups(host: string): number[] | null {
  let address = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (address.includes('%')) return null; // zone ids: never valid in a URL host
  const dotted = address.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const v4 = ipv4Parts(dotted[2]!);
    if (!v4) return null;
    address = `${dotted[1]}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => Number.parseInt(group, 16));
}

const embeddedIpv4 = (high: number, low: number) => [high >> 8, high & 0xff, low >> 8, low & 0xff];

/**
 * Only global unicast (2000::/3) can be a public web server; inside it, the ranges that reach an
 * IPv4 address (NAT64, 6to4) are refused when that address is private, and the reserved,
 * documentation and tunnelling ranges always. Everything outside 2000::/3 is refused: loopback,
 * unspecified, IPv4-mapped (::ffff:0:0/96), IPv4-compatible (::/96), IPv4-translated, discard
 * (100::/64), unique-local (fc00::/7), link-local (fe80::/10), site-local (fec0::/10), multicast.
 */
function isPrivateIpv6(host: string): boolean {
  const g = ipv6Groups(host);
  if (!g) return true; // not an address we understand: refuse rather than guess
  if (g[0] === 0x64 && g[1] === 0xff9b) {
    // NAT64 well-known prefix 64:ff9b::/96 embeds an IPv4 address in its last 32 bits;
    // the local-use prefix 64:ff9b:1::/48 is translated by the local network: always refused.
    if (g[2] === 1) return true;
    return g.slice(2, 6).some(Boolean) || isPrivateIpv4(embeddedIpv4(g[6]!, g[7]!));
  }
  if (g[0]! < 0x2000 || g[0]! > 0x3fff) return true; // outside global unicast
  if (g[0] === 0x2002) return isPrivateIpv4(embeddedIpv4(g[1]!, g[2]!)); // 6to4 embeds an IPv4
  if (g[0] === 0x2001 && g[1]! < 0x200) return true; // 2001::/23: Teredo, benchmarking, ORCHID
  if (g[0] === 0x2001 && g[1] === 0xdb8) return true; // documentation
  if (g[0] === 0x3fff && g[1]! < 0x1000) return true; // documentation (3fff::/20)
  return false;
}

/** Names that resolve inside a network or to the machine itself (metadata.google.internal among them). */
const LOCAL_SUFFIX = /(^|\.)(localhost|localdomain|local|internal|lan|home|corp|intranet|private|arpa)$/;
/** Public wildcard-DNS services that answer any name with the address written in it. */
const WILDCARD_DNS = /(^|\.)(nip\.io|sslip\.io|xip\.io|localtest\.me|lvh\.me|traefik\.me)$/;

/** True when the URL must not be fetched from the server. */
export function isBlockedUrl(raw: string | URL): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return true;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return true;
  if (url.username || url.password) return true;
  if (url.hostname.startsWith('[')) return isPrivateIpv6(url.hostname);
  // A fully qualified name may end with dots ("localhost.", "metadata.google.internal."): it is the
  // same host for DNS, so the dots go before any comparison.
  const host = url.hostname.toLowerCase().replace(/\.+$/, '');
  if (host === '') return true;
  const v4 = ipv4Parts(host);
  if (v4) return isPrivateIpv4(v4);
  // Numeric forms browsers and fetch also accept (2130706433, 0x7f.1): refuse them all.
  if (/^[0-9.]+$/.test(host) || /^0x/i.test(host) || /(^|\.)0x[0-9a-f]+/i.test(host)) return true;
  if (!host.includes('.')) return true; // single-label names resolve inside networks
  if (LOCAL_SUFFIX.test(host) || WILDCARD_DNS.test(host)) return true;
  // A name that starts with a private address ("10.0.0.1.example.com", "10-0-0-1.example.com") is
  // how wildcard-DNS services we don't list work: refuse it too.
  const lead = host.match(/^(\d{1,3})[.-](\d{1,3})[.-](\d{1,3})[.-](\d{1,3})[.-]/);
  if (lead) {
    const parts = lead.slice(1, 5).map(Number);
    if (parts.every((n) => n <= 255) && isPrivateIpv4(parts)) return true;
  }
  return false;
}

export type SafeFetchOptions = {
  timeoutMs?: number;
  /** The most of a page's body a preview reads (its head: lib/page-head.ts). */
  maxBytes?: number;
  fetchImpl?: typeof fetch;
};

/** Fetches a public URL, following at most 3 redirects, each checked; returns the final URL and response. */
export async function safeFetch(
  raw: string,
  options: SafeFetchOptions = {},
): Promise<{ url: URL; response: Response }> {
  const fetchImpl = options.fetchImpl ?? fetch;
  let url = new URL(raw);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (isBlockedUrl(url)) throw new BlockedUrlError(`Refused to fetch ${url.host}`);
    const response = await fetchImpl(url, {
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 3000),
      headers: {
        accept: 'text/html,image/*;q=0.8,*/*;q=0.5',
        'user-agent': 'CommunityPlatform/1.0 (link preview)',
      },
    });
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get('location');
      await response.body?.cancel();
      if (!location) throw new BlockedUrlError('Redirect without a location');
      url = new URL(location, url);
      continue;
    }
    return { url, response };
  }
  throw new BlockedUrlError('Too many redirects');
}

export type LinkPreview = { host: string; faviconUrl: string | null; title: string | null };

/**
 * Host name, favicon and page title of a public URL; a failed fetch leaves favicon and title empty.
 * Only the page's head is read (lib/page-head.ts: at most `maxBytes`, 64 KB unless told).
 */
export async function linkPreview(raw: string, options: SafeFetchOptions = {}): Promise<LinkPreview> {
  const host = new URL(raw).hostname;
  try {
    const { url, response } = await safeFetch(raw, options);
    const head = await readPageHead(response.body, options.maxBytes ?? HEAD_MAX_BYTES);
    const favicon = new URL(head.iconHref ?? '/favicon.ico', url);
    return { host, faviconUrl: isBlockedUrl(favicon) ? null : favicon.href, title: head.title };
  } catch {
    return { host, faviconUrl: null, title: null };
  }
}
