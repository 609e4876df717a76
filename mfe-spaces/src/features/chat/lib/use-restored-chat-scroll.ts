// Back/forward to a chat (a space's or a conversation's) brings the reader back to the message they
// were reading (docs/product-decisions.md, "Navigation"). A fresh chat opens at its newest message;
// a scroll offset alone would not survive that (the list is rebuilt from the latest page), so the
// place is kept by message: the first message in view and how far from the list's top it stood.
// Older pages are loaded (a bounded number) when that message is older than what has loaded. Kept per
// history entry by the UI kit's scroll restoration.
import { restoredScrollArea, saveScrollArea } from '@community/ui';
import { type RefObject, useLayoutEffect, useRef } from 'react';

/** How many older pages a restore may load to reach the message the reader was at. */
const MAX_OLDER_PAGES = 5;

type ChatPlace = { atBottom: true } | { atBottom: false; seq: number; offset: number };

const areaName = () => `chat:${window.location.pathname}`;

function firstInView(list: HTMLElement): { seq: number; offset: number } | null {
  const top = list.getBoundingClientRect().top;
  for (const item of list.querySelectorAll<HTMLElement>('[data-seq]')) {
    const box = item.getBoundingClientRect();
    if (box.bottom > top) return { seq: Number(item.dataset.seq), offset: box.top - top };
  }
  return null;
}

export function useRestoredChatScroll(
  scroller: RefObject<HTMLElement | null>,
  stickToBottom: RefObject<boolean>,
  list: { firstSeq: number | null; hasOlder: boolean; loadingOlder: boolean; onLoadOlder: () => void },
  changed: unknown,
): () => void {
  // Read once per mount: only a chat reached by back/forward has a place to go back to.
  const target = useRef<ChatPlace | undefined | null>(null);
  if (target.current === null) target.current = restoredScrollArea<ChatPlace>(areaName());
  const olderLoads = useRef(0);
  const { firstSeq, hasOlder, loadingOlder, onLoadOlder } = list;

  // After the list's own layout effect (which follows the bottom): put the remembered message back.
  useLayoutEffect(() => {
    const place = target.current;
    const element = scroller.current;
    if (!place || !element || firstSeq === null) return;
    if (place.atBottom) {
      target.current = undefined;
      return;
    }
    const item = element.querySelector<HTMLElement>(`[data-seq="${place.seq}"]`);
    if (item) {
      const offset = item.getBoundingClientRect().top - element.getBoundingClientRect().top;
      element.scrollTop += offset - place.offset;
      stickToBottom.current = false;
      target.current = undefined;
    } else if (place.seq < firstSeq && hasOlder && olderLoads.current < MAX_OLDER_PAGES) {
      if (!loadingOlder) {
        olderLoads.current += 1;
        onLoadOlder();
      }
    } else {
      target.current = undefined; // gone (deleted) or too far back: the chat's own place stays
    }
  }, [changed, firstSeq, hasOlder, loadingOlder]);

  /** For the list's scroll handler: remember where the reader is in this history entry. */
  return () => {
    const element = scroller.current;
    if (!element || target.current) return; // not while a restore is still under way
    const anchor = stickToBottom.current ? null : firstInView(element);
    saveScrollArea(areaName(), anchor ? { atBottom: false, ...anchor } : { atBottom: true });
  };
}
