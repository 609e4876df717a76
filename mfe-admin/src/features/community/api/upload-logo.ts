// POST /api/uploads/community (multipart `file`): the logo upload, through XMLHttpRequest because
// fetch cannot report upload progress. Answers `{ key, url }`; the community stores the key and
// shows the logo through a signed URL. An expired access token is refreshed once, like the API client.
import { ApiError, api } from '@community/api-client';

export type UploadAnswer = { key: string; url: string };

function send(file: File, onProgress: (percent: number) => void): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/uploads/community');
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener('load', () => resolve({ status: xhr.status, body: xhr.response }));
    xhr.addEventListener('error', () =>
      reject(new ApiError(0, 'Unable to reach the server. Check your connection and try again.')),
    );
    xhr.addEventListener('abort', () => reject(new DOMException('Upload aborted', 'AbortError')));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

const errorOf = (status: number, body: unknown) =>
  new ApiError(
    status,
    body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string'
      ? (body as { error: string }).error
      : `Upload failed (${status})`,
  );

export async function uploadCommunityLogo(
  file: File,
  onProgress: (percent: number) => void,
): Promise<UploadAnswer> {
  let answer = await send(file, onProgress);
  if (answer.status === 401 && (await api.refreshSession())) answer = await send(file, onProgress);
  if (answer.status < 200 || answer.status >= 300) throw errorOf(answer.status, answer.body);
  return answer.body as UploadAnswer;
}
