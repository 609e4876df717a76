// POST /api/uploads/{bucket} (multipart `file`) through XMLHttpRequest, because fetch cannot report
// upload progress. Answers `{ key, url }`. An expired access token is refreshed once, like the API
// client does for its own requests. Every uploader (posts, chat, profile images, the community logo)
// goes through here.
import { ApiError, requestIdOf } from './api-error.ts';

export type UploadedFile = { key: string; url: string };

type Answer = { status: number; body: unknown; requestId: string | null };

/** The buckets of docs/api.md "Files" (`/api/uploads/{bucket}`). */
export type UploadBucket = 'posts' | 'postsComments' | 'users' | 'events' | 'community' | 'spaces';

function send(
  bucket: UploadBucket,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/uploads/${bucket}`);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener('load', () => {
      const failed = xhr.status < 200 || xhr.status >= 300;
      // A refusal's request id, its "Reference" (api-error.ts): the body's `requestId`, else the header.
      const requestId = failed ? requestIdOf(xhr.response, xhr.getResponseHeader('x-request-id')) : null;
      resolve({ status: xhr.status, body: xhr.response, requestId });
    });
    xhr.addEventListener('error', () =>
      reject(new ApiError(0, 'Unable to reach the server. Check your connection and try again.')),
    );
    xhr.addEventListener('abort', () => reject(new DOMException('Upload aborted', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

const errorOf = ({ status, body, requestId }: Answer) =>
  new ApiError(
    status,
    body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string'
      ? (body as { error: string }).error
      : `Upload failed (${status})`,
    [],
    null,
    requestId,
  );

/** `refreshSession` is the page's API client's (passed in by index.ts, which owns that client). */
export const createUploader =
  (refreshSession: () => Promise<boolean>) =>
  async (
    bucket: UploadBucket,
    file: File,
    onProgress: (percent: number) => void,
    signal?: AbortSignal,
  ): Promise<UploadedFile> => {
    let answer = await send(bucket, file, onProgress, signal);
    if (answer.status === 401 && (await refreshSession())) {
      answer = await send(bucket, file, onProgress, signal);
    }
    if (answer.status < 200 || answer.status >= 300) throw errorOf(answer);
    return answer.body as UploadedFile;
  };
