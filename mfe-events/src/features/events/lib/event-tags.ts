/** Spec section 2: cards in lists show up to 3 tags with a "+N more" counter. */
export const CARD_TAG_LIMIT = 3;

export function visibleTags<T>(
  tags: readonly T[],
  limit = CARD_TAG_LIMIT,
): { shown: T[]; hiddenCount: number } {
  return { shown: tags.slice(0, limit), hiddenCount: Math.max(0, tags.length - limit) };
}

/** "+2 more", or nothing when every tag is shown. */
export function moreTagsLabel(hiddenCount: number): string | null {
  return hiddenCount > 0 ? `+${hiddenCount} more` : null;
}
