// Which posts rooms the community wall (Home) follows live. One socket per readable space does not
// scale: a browser holds about 255 WebSockets per profile (Chromium), shared by every tab, the chat,
// direct messages and presence, and Home in a community with 260 public spaces never saw a new post
// live. So Home follows a bounded set, where posts are likeliest, and refreshes its first page now
// and then when there are more spaces than that (docs/product-decisions.md).

/** At most this many posts rooms for Home. */
export const LIVE_ROOMS_MAX = 30;
/** How often Home fetches its first page again while it follows only some of the spaces it shows. */
export const PARTIAL_REFRESH_MS = 30_000;

type ReadableSpace = { id: string; isMember: boolean };

/**
 * The spaces to follow: those with posts on the wall now (in the wall's order, so the most recent
 * activity first), then the member's own spaces, then spaces they only read, up to `max`; `partial`
 * when some readable space is left out.
 */
export function chooseLiveRooms(
  readable: readonly ReadableSpace[],
  spacesOfPostsShown: readonly string[],
  max = LIVE_ROOMS_MAX,
): { live: string[]; partial: boolean } {
  const readableIds = new Set(readable.map((space) => space.id));
  const ordered = new Set([
    ...spacesOfPostsShown.filter((id) => readableIds.has(id)),
    ...readable.filter((space) => space.isMember).map((space) => space.id),
    ...readable.map((space) => space.id),
  ]);
  const live = [...ordered].slice(0, max);
  return { live, partial: ordered.size > live.length };
}
