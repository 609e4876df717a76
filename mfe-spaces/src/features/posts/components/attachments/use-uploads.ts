// The files a post or comment form is sending: each picked file is checked (type, size, count, with
// the spec's dropzone texts), uploaded at once with its own progress, and becomes an attachment when
// the server has it. Removing a file that is still uploading aborts it.

import { type UploadedFile, uploadFile } from '@community/api-client';
import type { AttachmentInput } from '@community/domain';
import { UPLOAD_FAILED } from '@community/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { serverMessage } from '../../../../lib/error-message.ts';
import { attachmentTypeOf, countProblem, fileProblem, mimeOf, type UploadRules } from './attachment-rules.ts';

export type UploadItem = {
  id: string;
  name: string;
  mime: string;
  /** A local preview of an image (object URL), while the form is open. */
  previewUrl: string | null;
  status: 'uploading' | 'ready';
  progress: number;
  attachment: AttachmentInput | null;
};

export type Uploader = (
  bucket: UploadRules['bucket'],
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
) => Promise<UploadedFile>;

export type Uploads = {
  rules: UploadRules;
  items: UploadItem[];
  /** The last refusal or failure, in the spec's words; cleared by the next pick. */
  error: string | null;
  uploading: boolean;
  attachments: AttachmentInput[];
  add: (files: File[]) => void;
  remove: (id: string) => void;
  clear: () => void;
};

const previewOf = (file: File, mime: string) =>
  mime.startsWith('image/') && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;

const revoke = (item: UploadItem) => {
  if (item.previewUrl && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(item.previewUrl);
};

export function useUploads(rules: UploadRules, upload: Uploader = uploadFile): Uploads {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const controllers = useRef(new Map<string, AbortController>());
  const itemsRef = useRef(items);
  itemsRef.current = items;

  useEffect(
    () => () => {
      for (const controller of controllers.current.values()) controller.abort();
      for (const item of itemsRef.current) revoke(item);
    },
    [],
  );

  const update = (id: string, change: Partial<UploadItem>) =>
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));

  const add = (files: File[]) => {
    setError(null);
    if (files.length === 0) return;
    const tooMany = countProblem(itemsRef.current.length, files.length, rules);
    if (tooMany) {
      setError(tooMany);
      return;
    }
    const accepted: UploadItem[] = [];
    for (const file of files) {
      const problem = fileProblem(file, rules);
      if (problem) {
        setError(problem);
        continue;
      }
      const id = crypto.randomUUID();
      const mime = mimeOf(file);
      const item: UploadItem = {
        id,
        name: file.name,
        mime,
        previewUrl: previewOf(file, mime),
        status: 'uploading',
        progress: 0,
        attachment: null,
      };
      accepted.push(item);
      const controller = new AbortController();
      controllers.current.set(id, controller);
      upload(rules.bucket, file, (progress) => update(id, { progress }), controller.signal)
        .then(
          ({ url }) =>
            update(id, {
              status: 'ready',
              progress: 100,
              attachment: { name: file.name, url, type: attachmentTypeOf(mime) },
            }),
          (uploadError: unknown) => {
            if (uploadError instanceof DOMException && uploadError.name === 'AbortError') return;
            console.error('[posts] upload', uploadError);
            setItems((current) => current.filter((entry) => entry.id !== id));
            setError(`${UPLOAD_FAILED}: ${serverMessage(uploadError, file.name)}`);
          },
        )
        .finally(() => controllers.current.delete(id));
    }
    itemsRef.current = [...itemsRef.current, ...accepted];
    setItems((current) => [...current, ...accepted]);
  };

  const remove = useCallback((id: string) => {
    controllers.current.get(id)?.abort();
    setItems((current) => {
      const gone = current.find((item) => item.id === id);
      if (gone) revoke(gone);
      return current.filter((item) => item.id !== id);
    });
    setError(null);
  }, []);

  const clear = useCallback(() => {
    for (const controller of controllers.current.values()) controller.abort();
    for (const item of itemsRef.current) revoke(item);
    itemsRef.current = [];
    setItems([]);
    setError(null);
  }, []);

  return {
    rules,
    items,
    error,
    uploading: items.some((item) => item.status === 'uploading'),
    attachments: items.flatMap((item) => (item.attachment ? [item.attachment] : [])),
    add,
    remove,
    clear,
  };
}
