// Where a sign-in returns to: a signed-out visitor who opens a link (an email's conversation, event or
// post) is sent to `/auth/login?next=<the link's path and query>`, and once signed in goes there
// rather than Home (the shell's redirect rules), through complete-profile on a first sign-in
// (mfe-profile). `next` comes from the address bar, so anyone can write it: only a path of this
// origin is followed (open-redirect guard, safeNextPath below); anything else goes Home.

/** The login page's query parameter holding the path to return to. */
export const NEXT_PARAM = 'next';

/** Any origin will do: a value resolving against it to another origin was not a same-origin path. */
const PROBE_ORIGIN = 'https://next.invalid';

/**
 * Not in a path: control characters (browsers drop tabs and newlines from URLs, so `/\t/evil.com`
 * opens `//evil.com`) and backslashes (read as `/`, so `/\evil.com` is `//evil.com`).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const UNSAFE_IN_PATH = /[\u0000-\u001f\u007f\\]/;

/** The auth pages (login, sign-out, complete-profile, accept-invite): never a place to return to. */
const isAuthPath = (pathname: string) => /^\/auth(\/|$)/i.test(pathname);

/** The path of a path-and-query: what comes before its `?` or `#`. */
const pathPart = (value: string) => value.split(/[?#]/, 1)[0] ?? '';

/** `value` resolved on this origin when it is a relative path starting with one `/`, outside /auth. */
function sameOriginPath(value: string): URL | null {
  const path = pathPart(value);
  if (!path.startsWith('/') || path[1] === '/' || UNSAFE_IN_PATH.test(path)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  return url.origin === PROBE_ORIGIN && !isAuthPath(url.pathname) ? url : null;
}

/**
 * `value` as a path to navigate to after sign-in, or null when it is not safe to follow. Safe: a
 * path of this origin starting with a single `/` (not `//`, not `/\`, no scheme, no control
 * characters) and outside `/auth/…`. The path is checked percent-decoded too, however often it was
 * encoded (`/%2Fevil.com`, `/%5Cevil.com`, `/%61uth/login`), and refused when it does not decode; the
 * query is left as it is (it cannot change where the page is). Answers the normalized path, query
 * and fragment (`/a/../b` is `/b`).
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value) return null;
  const url = sameOriginPath(value);
  if (!url) return null;
  let path = pathPart(value);
  for (let step = 0; step < 5; step++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return null;
    }
    if (decoded === path) return `${url.pathname}${url.search}${url.hash}`;
    if (!sameOriginPath(decoded)) return null;
    path = decoded;
  }
  // Still encoded after five decodings: nobody's link looks like that.
  return null;
}

/** The `next` of a query string (with or without its `?`) when it is safe to follow, else null. */
export function nextPathOf(search: string): string | null {
  return safeNextPath(new URLSearchParams(search).get(NEXT_PARAM));
}
