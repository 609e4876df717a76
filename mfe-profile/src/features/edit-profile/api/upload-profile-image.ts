// Profile and cover images go to the `users` bucket (POST /api/uploads/users, with progress); the
// server accepts only its own `/api/files/users/…` addresses in the profile. The dropzone's texts
// (spec section 5) refuse a wrong file before it leaves the browser.
import { uploadFile } from '@community/api-client';
import { FILE_INVALID_TYPE, fileTooLarge, tooManyFiles } from '@community/domain';

export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_IMAGE_MAX_LABEL = '5 MB';

/** The dropzone's message for the files it refuses (images only, one at a time), or null. */
export function profileImageError(files: readonly File[]): string | null {
  if (files.length > 1) return tooManyFiles(1);
  const [file] = files;
  if (!file) return null;
  if (!file.type.startsWith('image/')) return FILE_INVALID_TYPE;
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return fileTooLarge(PROFILE_IMAGE_MAX_LABEL);
  return null;
}

export const uploadProfileImage = (file: File, onProgress: (percent: number) => void, signal?: AbortSignal) =>
  uploadFile('users', file, onProgress, signal);
