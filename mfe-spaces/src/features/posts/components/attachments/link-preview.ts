// GET /api/link-preview?url=: a page's title and favicon, fetched by the server's guarded fetch (never
// from the browser, so a member's address does not reach the linked site). Cached per URL for the page;
// a failure is remembered as "no preview" and the card shows the bare URL.
import { api, withQuery } from '@community/api-client';
import { useEffect, useState } from 'react';

export type LinkPreview = { url: string; title: string | null; faviconUrl: string | null };

const cache = new Map<string, Promise<LinkPreview | null>>();

export function fetchLinkPreview(url: string): Promise<LinkPreview | null> {
  let pending = cache.get(url);
  if (!pending) {
    pending = api.get<LinkPreview>(withQuery('/api/link-preview', { url })).catch((error: unknown) => {
      console.error('[posts] link preview', error);
      return null;
    });
    cache.set(url, pending);
  }
  return pending;
}

/** For tests: forget every cached preview. */
export const clearLinkPreviewCache = () => cache.clear();

/** The preview once `enabled` (the card is on screen); null until then and when there is none. */
export function useLinkPreview(url: string, enabled: boolean): LinkPreview | null {
  const [preview, setPreview] = useState<LinkPreview | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    fetchLinkPreview(url).then((answer) => {
      if (active) setPreview(answer);
    });
    return () => {
      active = false;
    };
  }, [url, enabled]);
  return preview;
}
