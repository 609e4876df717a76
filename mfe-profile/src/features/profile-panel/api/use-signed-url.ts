// Uploaded files are private: an address under /api/files/ is exchanged for a short-lived signed one
// (GET /api/aws-s3/url?key= → { url, expiresIn }, spec section 7 Storage) before it is shown, as
// the chat and the event banners do. Other addresses are used as they are.
import { api, withQuery } from '@community/api-client';
import { useEffect, useState } from 'react';

/** The storage key inside an uploaded file's address (`…/api/files/<key>`), or null. */
export function storageKeyOf(url: string): string | null {
  const match = /\/api\/files\/([^?#]+)/.exec(url);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

export type SignedUrl = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'error' };

export function useSignedUrl(url: string | null): SignedUrl {
  const key = url ? storageKeyOf(url) : null;
  const [signed, setSigned] = useState<SignedUrl>({ status: 'loading' });

  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    setSigned({ status: 'loading' });
    api
      .get<{ url: string; expiresIn: number }>(withQuery('/api/aws-s3/url', { key }), {
        signal: controller.signal,
      })
      .then(
        ({ url: signedUrl }) => setSigned({ status: 'ready', url: signedUrl }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.error('[profile] signed url', error);
          setSigned({ status: 'error' });
        },
      );
    return () => controller.abort();
  }, [key]);

  if (!url) return { status: 'error' };
  if (!key) return { status: 'ready', url };
  return signed;
}
