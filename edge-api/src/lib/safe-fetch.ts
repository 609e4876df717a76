// Outbound fetches on a user's behalf (favicons and titles of admin URLs). Only http(s), never to
// loopback, private, link-local, metadata or other non-public addresses, checked again at every
// redirect (at most 3), with a time and size cap. On Cloudflare, Workers cannot reach private
// networks at all; this guard also holds where that is not true (local, other hosts) and for
// literal addresses and local names, which need no DNS to recognise.

export class BlockedUrlError extends Error {}

const MAX_REDIRECTS = 3;

function ipv4Parts(host: string): number[] | null {
  const parts = host.split('.');
  if (parts.length !== 4) return null;
  const numbers = parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : Number.NaN));
  return numbers.every((n) => n >= 0 && n <= 255) ? numbers : null;
}

function isPrivateIpv4([a, b]: number[]): boolean {
  return (
    a === 0 || // "this network", 0.0.0.0
    a === 10 ||
    a === 127 ||
    (a === 100 && b! >= 64 && b! <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local, cloud metadata
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) ||
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    a! >= 224 // multicast and reserved
  );
}

function isPrivateIpv6(host: string): boolean {
  const address = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (address === '::' || address === '::1') return true;
  const mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped) return isPrivateIpv4(ipv4Parts(mapped[1]!)!);
  if (/^::ffff:[0-9a-f]{1,4}:[0-9a-f]{1,4}$/.test(address)) return true; // mapped, hex form
  return /^(fc|fd|fe8|fe9|fea|feb|ff)/.test(address); // unique-local, link-local, multicast
}

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
  const host = url.hostname.toLowerCase();
  if (host.startsWith('[')) return isPrivateIpv6(host);
  const v4 = ipv4Parts(host);
  if (v4) return isPrivateIpv4(v4);
  // Numeric forms browsers and fetch also accept (2130706433, 0x7f.1): refuse them all.
  if (/^[0-9.]+$/.test(host) || /^0x/i.test(host) || /(^|\.)0x[0-9a-f]+/i.test(host)) return true;
  if (!host.includes('.')) return true; // single-label names resolve inside networks
  return (
    /(^|\.)(localhost|local|internal|lan|home|corp|intranet)$/.test(host) ||
    host === 'metadata.google.internal'
  );
}

export type SafeFetchOptions = { timeoutMs?: number; maxBytes?: number; fetchImpl?: typeof fetch };

/** Fetches a public URL, following at most 3 redirects, each checked; returns the final URL and text. */
export async function safeFetchText(
  raw: string,
  options: SafeFetchOptions = {},
): Promise<{ url: URL; text: string; contentType: string }> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const maxBytes = options.maxBytes ?? 256 * 1024;
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
    return {
      url,
      text: await readCapped(response, maxBytes),
      contentType: response.headers.get('content-type') ?? '',
    };
  }
  throw new BlockedUrlError('Too many redirects');
}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < maxBytes) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  await reader.cancel().catch(() => {});
  const bytes = new Uint8Array(Math.min(size, maxBytes));
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, Math.max(0, bytes.length - offset));
    bytes.set(part, offset);
    offset += part.length;
  }
  return new TextDecoder().decode(bytes);
}

export type LinkPreview = { host: string; faviconUrl: string | null; title: string | null };

/** Host name, favicon and page title of a public URL; a failed fetch leaves favicon and title empty. */
export async function linkPreview(raw: string, options: SafeFetchOptions = {}): Promise<LinkPreview> {
  const host = new URL(raw).hostname;
  try {
    const { url, text } = await safeFetchText(raw, options);
    const icon = text
      .match(/<link[^>]+rel=["'](?:shortcut )?icon["'][^>]*>/i)?.[0]
      ?.match(/href=["']([^"']+)["']/i)?.[1];
    const favicon = new URL(icon ?? '/favicon.ico', url);
    const title = text.match(/<title[^>]*>([^<]{1,200})<\/title>/i)?.[1]?.trim() ?? null;
    return { host, faviconUrl: isBlockedUrl(favicon) ? null : favicon.href, title };
  } catch {
    return { host, faviconUrl: null, title: null };
  }
}
