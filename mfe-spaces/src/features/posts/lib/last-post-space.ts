// The space a member last posted in, per member in this browser: what Home's composer offers first
// (docs/product-decisions.md, "Posts on screen"). A preference only: the server still decides where
// the member may post, and a space they left is simply not offered.

const keyFor = (userId: string) => `community:last-post-space:${userId}`;

export function lastPostSpace(userId: string): string | null {
  try {
    return localStorage.getItem(keyFor(userId));
  } catch {
    return null; // storage refused (private mode, quota): no preference
  }
}

export function rememberPostSpace(userId: string, spaceId: string): void {
  try {
    localStorage.setItem(keyFor(userId), spaceId);
  } catch {
    // Not remembered: Home offers the first space next time.
  }
}

/** The space to offer first: `preferred` or the last one posted in when still offered, else the first. */
export function defaultPostSpace(
  choices: readonly { id: string }[],
  preferred: string | null | undefined,
  userId: string,
): string | null {
  const offered = (id: string | null | undefined) =>
    id && choices.some((space) => space.id === id) ? id : null;
  return offered(preferred) ?? offered(lastPostSpace(userId)) ?? choices[0]?.id ?? null;
}
