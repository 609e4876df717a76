// Recognises uploads by their first bytes, not their name or the type the browser claims. The magic
// numbers are file-type's (maintained, pure JS, no install script, runs in workerd: ADR 0012); what we
// accept and how we label it is ours: the table below, nothing else gets stored.
import { fileTypeFromBuffer } from 'file-type';

/** What a file is to us: which buckets take it, how large it may be, how it is served. */
export type FileKind = 'image' | 'video' | 'audio' | 'document';
export type FileType = {
  mime: string;
  extension: string;
  kind: FileKind;
  /** Shown in the page (images, video, audio: none of them can run script); a document is downloaded. */
  inline: boolean;
};

const type = (mime: string, extension: string, kind: FileKind): FileType => ({
  mime,
  extension,
  kind,
  inline: kind !== 'document',
});

const PNG = type('image/png', 'png', 'image');
const MP4_VIDEO = type('video/mp4', 'mp4', 'video');
const MP4_AUDIO = type('audio/mp4', 'm4a', 'audio');
const WEBM_VIDEO = type('video/webm', 'webm', 'video');
const WEBM_AUDIO = type('audio/webm', 'webm', 'audio');
const OGG_AUDIO = type('audio/ogg', 'ogg', 'audio');

/**
 * file-type's extension → what we store. An animated PNG is a PNG to every browser; an ISO BMFF file
 * is audio when its major brand says so (M4A, M4B), video otherwise (mp41, mp42, isom, M4V…); Ogg
 * with Opus, Vorbis, FLAC or Speex inside is audio (Ogg video is not taken). QuickTime (`qt` brand),
 * Matroska, AAC, FLAC, HEIC, AVIF and the rest are not in the table and so are refused.
 */
const ACCEPTED: Record<string, FileType> = {
  png: PNG,
  apng: PNG,
  jpg: type('image/jpeg', 'jpg', 'image'),
  gif: type('image/gif', 'gif', 'image'),
  webp: type('image/webp', 'webp', 'image'),
  pdf: type('application/pdf', 'pdf', 'document'),
  mp4: MP4_VIDEO,
  m4v: MP4_VIDEO,
  m4a: MP4_AUDIO,
  m4b: MP4_AUDIO,
  webm: WEBM_VIDEO,
  mp3: type('audio/mpeg', 'mp3', 'audio'),
  opus: OGG_AUDIO,
  ogg: OGG_AUDIO,
  oga: OGG_AUDIO,
  spx: OGG_AUDIO,
  wav: type('audio/wav', 'wav', 'audio'),
};

/** Every extension a stored key may end with (services/files.ts FILE_KEY_PATTERN). */
export const STORED_EXTENSIONS = [...new Set(Object.values(ACCEPTED).map((accepted) => accepted.extension))];

/** How far into a WebM file we look for its tracks (MediaRecorder writes them right after Info). */
const WEBM_TRACKS_WINDOW = 64 * 1024;
const CLUSTER_ID = [0x1f, 0x43, 0xb6, 0x75];
const startsWith = (bytes: Uint8Array, signature: number[], offset: number) =>
  signature.every((byte, index) => bytes[offset + index] === byte);

/**
 * A WebM file whose tracks are all audio: what a browser's voice recorder (MediaRecorder with
 * `audio/webm`) makes. Each track's CodecID element (ID 0x86, a one-byte size, then the codec name)
 * starts with `V_` for video and `A_` for audio; one video track makes the file a video. Tracks come
 * before the first Cluster (ID 1F 43 B6 75), so the look stops there: what follows is media data,
 * where those bytes could occur by chance.
 */
export function isAudioOnlyWebm(bytes: Uint8Array): boolean {
  let audio = false;
  const end = Math.min(bytes.length, WEBM_TRACKS_WINDOW) - 3;
  for (let index = 0; index < end; index++) {
    if (startsWith(bytes, CLUSTER_ID, index)) break;
    if (bytes[index] !== 0x86 || (bytes[index + 1]! & 0x80) === 0 || bytes[index + 3] !== 0x5f) continue;
    const codecClass = bytes[index + 2];
    if (codecClass === 0x56) return false; // V_VP8, V_VP9, V_AV1…
    if (codecClass === 0x41) audio = true; // A_OPUS, A_VORBIS…
  }
  return audio;
}

/** The file's type if we store files of that type, else null (whatever its name says). */
export async function sniffFile(bytes: Uint8Array): Promise<FileType | null> {
  const detected = await fileTypeFromBuffer(bytes).catch(() => undefined);
  const accepted = detected ? ACCEPTED[detected.ext] : undefined;
  if (!accepted) return null;
  if (accepted === WEBM_VIDEO && isAudioOnlyWebm(bytes)) return WEBM_AUDIO;
  return accepted;
}
