// Chat attachments: upload to the `spaces` bucket (images and PDF 5 MB, video and audio 25 MB) and
// read back through a short-lived signed URL (`GET /api/aws-s3/url?key=`), cached until shortly
// before it expires.
import { api, withQuery } from '@community/api-client';
import { useEffect, useState } from 'react';

export type UploadedFile = { key: string; url: string };

export function uploadChatFile(file: File, signal?: AbortSignal): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file);
  return api.post<UploadedFile>('/api/uploads/spaces', form, { signal });
}

type SignedUrl = { url: string; expiresIn: number };
// Renew a little before the server's expiry, so a URL handed to <img> or a link still works.
const RENEW_MARGIN_MS = 60_000;
const cache = new Map<string, { url: string; expiresAt: number; pending?: Promise<string> }>();

export async function getSignedUrl(key: string): Promise<string> {
  const cached = cache.get(key);
  if (cached?.pending) return cached.pending;
  if (cached && cached.expiresAt - RENEW_MARGIN_MS > Date.now()) return cached.url;
  const pending = api.get<SignedUrl>(withQuery('/api/aws-s3/url', { key })).then(
    ({ url, expiresIn }) => {
      cache.set(key, { url, expiresAt: Date.now() + expiresIn * 1000 });
      return url;
    },
    (error: unknown) => {
      cache.delete(key);
      throw error;
    },
  );
  cache.set(key, { url: '', expiresAt: 0, pending });
  return pending;
}

export type SignedUrlState = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'error' };

export function useSignedUrl(key: string | null): SignedUrlState {
  const [state, setState] = useState<SignedUrlState>({ status: 'loading' });
  useEffect(() => {
    if (!key) {
      setState({ status: 'error' });
      return;
    }
    let active = true;
    setState({ status: 'loading' });
    getSignedUrl(key).then(
      (url) => active && setState({ status: 'ready', url }),
      (error: unknown) => {
        console.error('[chat] signed url', error);
        if (active) setState({ status: 'error' });
      },
    );
    return () => {
      active = false;
    };
  }, [key]);
  return state;
}
