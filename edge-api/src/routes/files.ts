// Image uploads into R2 and the signed URLs that read them back (spec section 7, Storage).
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { ApiError, badRequest, forbidden, notFound } from '../lib/errors.ts';
import { sniffFile } from '../lib/file-types.ts';
import { stripJpegMetadata } from '../lib/image-metadata.ts';
import { validate } from '../lib/validate.ts';
import { pathIds } from '../middleware/access.ts';
import { requireAuth, signedIn } from '../middleware/auth.ts';
import {
  checkFileSignature,
  DOCUMENT_BUCKETS,
  FILE_KEY_PATTERN,
  MAX_IMAGE_BYTES,
  SIGNED_URL_TTL_SECONDS,
  signFileUrl,
  UPLOAD_BUCKETS,
} from '../services/files.ts';
import { assertMayReadUpload, forgetUpload, recordUpload } from '../services/uploads.ts';

export const FILE_TOO_LARGE = `The file is too large. Max size is ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`;
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

export const uploadRoutes = new Hono<AppEnv>().post(
  '/:bucket',
  signedIn,
  bodyLimit({
    maxSize: MAX_IMAGE_BYTES + 64 * 1024, // the file plus its multipart envelope
    onError: () => {
      throw new ApiError(413, FILE_TOO_LARGE);
    },
  }),
  pathIds(BucketParam),
  async (c) => {
    const { user } = requireAuth(c);
    const form = await c.req.formData().catch(() => {
      throw badRequest('Send the file as multipart/form-data in a field named "file"');
    });
    const file = form.get('file');
    if (!(file instanceof File))
      throw badRequest('Send the file as multipart/form-data in a field named "file"');
    if (file.size > MAX_IMAGE_BYTES) throw new ApiError(413, FILE_TOO_LARGE);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const { bucket } = c.req.valid('param');
    const type = sniffFile(bytes);
    if (!type || (!type.inline && !DOCUMENT_BUCKETS.includes(bucket))) {
      throw badRequest(INVALID_FILE_TYPE, [{ path: 'file', message: INVALID_FILE_TYPE }]);
    }
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
 * forged or expired one is the same 403, never a message about the query's shape.
 */
const signedFile = createMiddleware<AppEnv>(async (c, next) => {
  const key = fileKeyOf(c);
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

export const fileRoutes = new Hono<AppEnv>().get('/*', signedFile, async (c) => {
  const key = fileKeyOf(c);
  const object = await uploads(c).get(key);
  if (!object) throw notFound(FILE_NOT_FOUND);
  const contentType = object.httpMetadata?.contentType ?? 'application/octet-stream';
  return c.body(object.body, 200, {
    'Content-Type': contentType,
    // Anything but an image is downloaded, never rendered in our origin.
    ...(contentType.startsWith('image/') ? {} : { 'Content-Disposition': 'attachment' }),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': `private, max-age=${SIGNED_URL_TTL_SECONDS}`,
    'Content-Security-Policy': "default-src 'none'; sandbox",
  });
});
