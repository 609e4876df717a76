// GET /api/aws-s3/url?key= → { url, expiresIn }: uploaded banners are private, so an address under
// /api/files/ is exchanged for a short-lived signed one before it is shown (spec section 7, Storage).
import { api } from '@community/api-client';
import { useEffect, useState } from 'react';

export const getSignedUrl = (key: string, signal?: AbortSignal) =>
  api.get<{ url: string; expiresIn: number }>(`/api/aws-s3/url?key=${encodeURIComponent(key)}`, { signal });

const FILES_PATH = '/api/files/';

/** The storage key of an uploaded file's address (`…/api/files/events/x.png` → `events/x.png`). */
export function storageKeyOf(url: string): string | null {
  try {
    const { pathname } = new URL(url, window.location.origin);
    return pathname.startsWith(FILES_PATH) ? decodeURIComponent(pathname.slice(FILES_PATH.length)) : null;
  } catch {
    return null;
  }
}

export type ImageSource =
  | { status: 'none' }
  | { status: 'signing' }
  | { status: 'failed' }
  | { status: 'ready'; src: string };

/** The address to show an image from: signed first when it is one of our uploads. */
export function useImageSource(url: string | null | undefined): ImageSource {
  const key = url ? storageKeyOf(url) : null;
  const [signed, setSigned] = useState<ImageSource>({ status: 'signing' });

  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    setSigned({ status: 'signing' });
    getSignedUrl(key, controller.signal).then(
      ({ url: signedUrl }) => setSigned({ status: 'ready', src: signedUrl }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[events] signed url', error);
        setSigned({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [key]);

  if (!url) return { status: 'none' };
  if (!key) return { status: 'ready', src: url };
  return signed;
}
