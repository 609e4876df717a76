// Ids in the address, in their canonical lower case before any route sees them (issue 27): Postgres
// compares uuids whatever their case, but the routes compare ids as strings too (is this me? which
// of a pair comes first?), and `/api/users/<MY ID IN CAPITALS>` must be the same address as the
// lower-case one. Bodies and queries are canonicalised by the domain's `uuid()` schema.
const UUID_SEGMENT =
  /\/([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})(?=\/|$)/g;

/** The request, with every UUID segment of its path in lower case (the same request when there is none). */
export function withCanonicalIds(request: Request): Request {
  const url = new URL(request.url);
  const canonical = url.pathname.replace(UUID_SEGMENT, (segment) => segment.toLowerCase());
  if (canonical === url.pathname) return request;
  url.pathname = canonical;
  return new Request(url, request);
}
