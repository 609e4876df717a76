// The media tab's five sections (Voices, Videos, Images, Files, Links) as one piece of state, so the
// tab knows when all of them came back empty ("No attachments to show"). Each section loads its
// newest months (≤ 5 attachments a month, spec section 9); "Show more" fetches the rest of one month
// (`month` + `after`), "Load more" the next older months (`cursor`).

import { referenceOf } from '@community/api-client';
import { type AttachmentType, MEDIA_SECTIONS, type MediaMonth, type MediaPage } from '@community/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getMediaMonthMore, getMediaMonths } from './profile-api.ts';

export type MediaSectionState = {
  status: 'loading' | 'ready' | 'error';
  months: MediaMonth[];
  /** Older months to load, or null. */
  nextCursor: string | null;
  loadingOlder: boolean;
  olderFailed: boolean;
  /** The month whose "Show more" is under way, and the one whose last attempt failed. */
  loadingMonth: string | null;
  failedMonth: string | null;
  /** The failed first load's request id (`referenceOf`), for its "Reference". */
  reference?: string | null;
};

export type MediaSections = Record<AttachmentType, MediaSectionState>;

const loadingSection = (): MediaSectionState => ({
  status: 'loading',
  months: [],
  nextCursor: null,
  loadingOlder: false,
  olderFailed: false,
  loadingMonth: null,
  failedMonth: null,
});

const allLoading = () =>
  Object.fromEntries(MEDIA_SECTIONS.map(({ type }) => [type, loadingSection()])) as MediaSections;

/** Appends pages of months; a month already shown (split across pages) gets the new attachments. */
export function mergeMonths(months: readonly MediaMonth[], incoming: readonly MediaMonth[]): MediaMonth[] {
  const merged = months.map((month) => ({ ...month }));
  for (const month of incoming) {
    const known = merged.find((entry) => entry.month === month.month);
    if (!known) {
      merged.push({ ...month });
      continue;
    }
    const seen = new Set(known.attachments.map((attachment) => attachment.id));
    known.attachments = [...known.attachments, ...month.attachments.filter((a) => !seen.has(a.id))];
    known.nextCursor = month.nextCursor;
  }
  return merged;
}

export type MediaSectionsApi = {
  sections: MediaSections;
  loadOlder: (type: AttachmentType) => void;
  showMore: (type: AttachmentType, month: string) => void;
  retry: (type: AttachmentType) => void;
};

export function useMediaSections(userId: string): MediaSectionsApi {
  const [sections, setSections] = useState<MediaSections>(allLoading);
  const sectionsRef = useRef(sections);
  sectionsRef.current = sections;
  const controllerRef = useRef<AbortController | null>(null);

  const patch = useCallback(
    (type: AttachmentType, update: (section: MediaSectionState) => MediaSectionState) =>
      setSections((current) => ({ ...current, [type]: update(current[type]) })),
    [],
  );

  const loadFirst = useCallback(
    (type: AttachmentType, signal: AbortSignal) => {
      patch(type, () => loadingSection());
      getMediaMonths(userId, type, null, signal).then(
        (page: MediaPage) =>
          patch(type, () => ({
            ...loadingSection(),
            status: 'ready',
            months: page.items,
            nextCursor: page.nextCursor,
          })),
        (error: unknown) => {
          if (signal.aborted) return;
          console.error('[profile] media', type, error);
          patch(type, () => ({ ...loadingSection(), status: 'error', reference: referenceOf(error) }));
        },
      );
    },
    [userId, patch],
  );

  useEffect(() => {
    const controller = new AbortController();
    controllerRef.current = controller;
    setSections(allLoading());
    for (const { type } of MEDIA_SECTIONS) loadFirst(type, controller.signal);
    return () => controller.abort();
  }, [loadFirst]);

  const loadOlder = useCallback(
    (type: AttachmentType) => {
      const signal = controllerRef.current?.signal;
      const section = sectionsRef.current[type];
      if (!signal || section.loadingOlder || !section.nextCursor) return;
      patch(type, (current) => ({ ...current, loadingOlder: true, olderFailed: false }));
      getMediaMonths(userId, type, section.nextCursor, signal).then(
        (page) =>
          patch(type, (current) => ({
            ...current,
            months: mergeMonths(current.months, page.items),
            nextCursor: page.nextCursor,
            loadingOlder: false,
          })),
        (error: unknown) => {
          if (signal.aborted) return;
          console.error('[profile] media older', type, error);
          patch(type, (current) => ({ ...current, loadingOlder: false, olderFailed: true }));
        },
      );
    },
    [userId, patch],
  );

  const showMore = useCallback(
    (type: AttachmentType, month: string) => {
      const signal = controllerRef.current?.signal;
      const section = sectionsRef.current[type];
      const after = section.months.find((entry) => entry.month === month)?.nextCursor;
      if (!signal || section.loadingMonth || !after) return;
      patch(type, (current) => ({ ...current, loadingMonth: month, failedMonth: null }));
      getMediaMonthMore(userId, type, month, after, signal).then(
        (page) =>
          patch(type, (current) => {
            // An answer without the month means nothing is left in it.
            const rest = page.items.find((entry) => entry.month === month) ?? {
              month,
              attachments: [],
              nextCursor: null,
            };
            return { ...current, months: mergeMonths(current.months, [rest]), loadingMonth: null };
          }),
        (error: unknown) => {
          if (signal.aborted) return;
          console.error('[profile] media month', type, month, error);
          patch(type, (current) => ({ ...current, loadingMonth: null, failedMonth: month }));
        },
      );
    },
    [userId, patch],
  );

  const retry = useCallback(
    (type: AttachmentType) => {
      const signal = controllerRef.current?.signal;
      if (signal) loadFirst(type, signal);
    },
    [loadFirst],
  );

  return { sections, loadOlder, showMore, retry };
}
