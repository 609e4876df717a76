// The community logo goes to the `community` bucket through the shared uploader (progress, one
// session refresh). Answers `{ key, url }`; the community stores the key and shows the logo through a
// signed URL.
import { type UploadedFile, uploadFile } from '@community/api-client';

export type UploadAnswer = UploadedFile;

export const uploadCommunityLogo = (
  file: File,
  onProgress: (percent: number) => void,
): Promise<UploadAnswer> => uploadFile('community', file, onProgress);
