/** The bell badge's text: the unread count, capped so it fits. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}
