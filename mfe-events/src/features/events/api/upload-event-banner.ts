// POST /api/uploads/events (multipart `file`) → 201 { key, url }. The type and size are checked here
// too, with the dropzone texts of spec section 5, so a wrong file never leaves the browser.
import { api } from '@community/api-client';
import { FILE_INVALID_TYPE, fileTooLarge, tooManyFiles } from '@community/domain';
import { BANNER_MAX_SIZE_LABEL } from '../lib/event-texts.ts';

export const BANNER_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const BANNER_MAX_BYTES = 5 * 1024 * 1024;

export type UploadedFile = { key: string; url: string };

/** The dropzone's message for files it refuses, or null when the banner may be uploaded. */
export function bannerFileError(files: readonly File[]): string | null {
  if (files.length > 1) return tooManyFiles(1);
  const [file] = files;
  if (!file) return null;
  if (!(BANNER_TYPES as readonly string[]).includes(file.type)) return FILE_INVALID_TYPE;
  if (file.size > BANNER_MAX_BYTES) return fileTooLarge(BANNER_MAX_SIZE_LABEL);
  return null;
}

export function uploadEventBanner(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file);
  return api.post<UploadedFile>('/api/uploads/events', form);
}
