// Whose address a request comes from, for the sign-in limits (issue 27). Only a header written by
// something we trust is believed: Cloudflare's edge always writes `CF-Connecting-IP` (a client's own
// value never reaches a deployed Worker), and a self-hoster's proxy may write another (nginx's
// `proxy_set_header X-Real-IP $remote_addr`). Which one is the setting CLIENT_IP_HEADER; unset (the
// local stack, a server reached directly), no header is believed: a client could write any of them.

/** Longer than any IPv6 text form; a longer value is not an address. */
const ADDRESS_MAX = 64;

/** The client's address from the trusted header, or null when none is configured or sent. */
export function clientAddress(headers: Headers, trustedHeader: string): string | null {
  if (!trustedHeader) return null;
  const value = headers.get(trustedHeader)?.trim();
  if (!value || value.length > ADDRESS_MAX || /[\s,]/.test(value)) return null;
  return value.toLowerCase();
}
