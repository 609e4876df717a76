// Uploads into R2 (images; video, audio and PDF where the bucket takes them) and the signed URLs that
// read them back (spec section 7, Storage; ADR 0012).
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { parseRange } from '../lib/byte-range.ts';
import { ApiError, badRequest, forbidden, notFound } from '../lib/errors.ts';
import { sniffFile } from '../lib/file-types.ts';
import { stripJpegMetadata } from '../lib/image-metadata.ts';
import { validate } from '../lib/validate.ts';
import { pathIds } from '../middleware/access.ts';
import { requireAuth, signedIn } from '../middleware/auth.ts';
import { requireFeature } from '../middleware/features.ts';
import {
  BUCKET_KINDS,
  checkFileSignature,
  FILE_KEY_PATTERN,
  fileTooLarge,
  MAX_BYTES,
  MAX_IMAGE_BYTES,
  maxBucketBytes,
  SIGNED_URL_TTL_SECONDS,
  signFileUrl,
  UPLOAD_BUCKETS,
} from '../services/files.ts';
import { assertMayReadUpload, forgetUpload, isPublicContentKey, recordUpload } from '../services/uploads.ts';

export const FILE_TOO_LARGE = fileTooLarge(MAX_IMAGE_BYTES);
export const INVALID_FILE_TYPE = 'Invalid file type.';
export const FILE_NOT_FOUND = 'File not found';
export const SIGNED_URL_INVALID = 'This link is invalid or has expired.';

function uploads(c: Context<AppEnv>): R2Bucket {
  if (!c.env.UPLOADS) throw new ApiError(503, 'File storage is not configured');
  return c.env.UPLOADS;
}

const BucketParam = z.object({ bucket: z.enum(UPLOAD_BUCKETS, { error: 'Unknown upload bucket' }) });
const KeyQuery = z.object({ key: z.string().regex(FILE_KEY_PATTERN, FILE_NOT_FOUND) });
const SignedQuery = z.object({ expires: z.coerce.number().int(), signature: z.string().min(1) });

/** The multipart envelope around the file (boundaries, headers, the file's name). */
const ENVELOPE_BYTES = 64 * 1024;

/** The bucket's own ceiling (25 MB where video and audio go, 5 MB elsewhere), before the body is read. */
const bucketBodyLimit = createMiddleware<AppEnv>(async (c, next) => {
  const max = maxBucketBytes(c.req.param('bucket') as (typeof UPLOAD_BUCKETS)[number]);
  return bodyLimit({
    maxSize: max + ENVELOPE_BYTES,
    onError: () => {
      throw new ApiError(413, fileTooLarge(max));
    },
  })(c, next);
});

/**
 * `content` for every upload but the community logo (the admin panel's, with its own role
 * checks): checked before the bucket name or the body is read.
 */
const uploadFeature = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.param('bucket') === 'community') return next();
  return requireFeature('content')(c, next);
});

export const uploadRoutes = new Hono<AppEnv>().post(
  '/:bucket',
  signedIn,
  uploadFeature,
  pathIds(BucketParam),
  bucketBodyLimit,
  async (c) => {
    const { user } = requireAuth(c);
    const form = await c.req.formData().catch(() => {
      throw badRequest('Send the file as multipart/form-data in a field named "file"');
    });
    const file = form.get('file');
    if (!(file instanceof File))
      throw badRequest('Send the file as multipart/form-data in a field named "file"');
    const { bucket } = c.req.valid('param');
    if (file.size > maxBucketBytes(bucket)) throw new ApiError(413, fileTooLarge(maxBucketBytes(bucket)));
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = await sniffFile(bytes);
    if (!type || !BUCKET_KINDS[bucket].includes(type.kind)) {
      throw badRequest(INVALID_FILE_TYPE, [{ path: 'file', message: INVALID_FILE_TYPE }]);
    }
    // Per kind: a 20 MB video may go where a 20 MB "image" may not.
    if (bytes.length > MAX_BYTES[type.kind]) throw new ApiError(413, fileTooLarge(MAX_BYTES[type.kind]));
    const key = `${bucket}/${crypto.randomUUID()}.${type.extension}`;
    // Where and when a photo was taken is not the uploader's to give away by accident (ADR 0008).
    // A JPEG whose segments cannot be walked is refused, never stored with its metadata.
    const stored =
      type.mime === 'image/jpeg'
        ? await stripJpegMetadata(bytes).catch(() => {
            throw badRequest(INVALID_FILE_TYPE, [{ path: 'file', message: INVALID_FILE_TYPE }]);
          })
        : bytes;
    // The row first: an object in R2 is never left without an owner who may read it. A failed
    // put takes the row back, so a rejected upload leaves neither.
    await recordUpload(c.var.db(), key, user.id);
    try {
      await uploads(c).put(key, stored, { httpMetadata: { contentType: type.mime } });
    } catch (error) {
      await forgetUpload(c.var.db(), key);
      throw error;
    }
    return c.json({ key, url: `${new URL(c.req.url).origin}/api/files/${key}` }, 201);
  },
);

/** `GET /api/aws-s3/url?key=`: a signed, short-lived address of an uploaded file. */
export const signedUrlRoutes = new Hono<AppEnv>().get(
  '/url',
  signedIn,
  validate('query', KeyQuery),
  async (c) => {
    const { key } = c.req.valid('query');
    // Who may read it first: a caller without the right learns nothing of the object (not even
    // whether R2 still has it).
    await assertMayReadUpload(c.var.db(), key, requireAuth(c).user);
    if (!(await uploads(c).head(key))) throw notFound(FILE_NOT_FOUND);
    const path = await signFileUrl(c.var.config.authSecret, key);
    return c.json({ url: `${new URL(c.req.url).origin}${path}`, expiresIn: SIGNED_URL_TTL_SECONDS }, 200);
  },
);

const fileKeyOf = (c: Context<AppEnv>) => c.req.path.replace(/^\/api\/files\//, '');

/**
 * The signature is the right to read, so it is checked before anything else: a missing, malformed,
 * forged or expired one is the same 403, never a message about the query's shape. One exception:
 * a file every member may see (an avatar, a cover, a banner, a wall's attachment) is also read by a
 * signed-in member at its plain address, the one stored on the profile or post, with the session
 * cookie the browser sends along: an avatar is shown in a hundred places that do not each sign it
 * (they answered 403 and showed initials instead of the picture).
 */
const signedFile = createMiddleware<AppEnv>(async (c, next) => {
  const key = fileKeyOf(c);
  if (
    c.var.auth &&
    c.req.query('signature') === undefined &&
    FILE_KEY_PATTERN.test(key) &&
    isPublicContentKey(key)
  ) {
    await next();
    return;
  }
  const query = SignedQuery.safeParse(c.req.query());
  if (
    !query.success ||
    !FILE_KEY_PATTERN.test(key) ||
    !(await checkFileSignature(c.var.config.authSecret, key, query.data.expires, query.data.signature))
  ) {
    throw forbidden(SIGNED_URL_INVALID);
  }
  await next();
});

/** Inline: images, video and audio (none can run script, and a player needs them inline). */
const servedInline = (contentType: string) => /^(image|video|audio)\//.test(contentType);

export const fileRoutes = new Hono<AppEnv>().get('/*', signedFile, async (c) => {
  const key = fileKeyOf(c);
  const bucket = uploads(c);
  const rangeHeader = c.req.header('range');
  // A range is read against the object's size, so a seek asks R2 for its head first.
  const head = rangeHeader ? await bucket.head(key) : null;
  if (rangeHeader && !head) throw notFound(FILE_NOT_FOUND);
  const range = head ? parseRange(rangeHeader, head.size) : null;
  const headers: Record<string, string> = {
    'Accept-Ranges': 'bytes',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': `private, max-age=${SIGNED_URL_TTL_SECONDS}`,
    'Content-Security-Policy': "default-src 'none'; sandbox",
  };
  if (range === 'unsatisfiable') {
    return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${head?.size ?? 0}` });
  }
  const object = await bucket.get(key, range ? { range } : undefined);
  if (!object) throw notFound(FILE_NOT_FOUND);
  const contentType = object.httpMetadata?.contentType ?? 'application/octet-stream';
  headers['Content-Type'] = contentType;
  // Anything but an image, a video or a sound is downloaded, never rendered in our origin.
  if (!servedInline(contentType)) headers['Content-Disposition'] = 'attachment';
  if (range) {
    headers['Content-Range'] = `bytes ${range.offset}-${range.offset + range.length - 1}/${object.size}`;
    headers['Content-Length'] = String(range.length);
    return c.body(object.body, 206, headers);
  }
  return c.body(object.body, 200, headers);
});
