// Rate limits as token buckets in Postgres: a bucket holds up to `capacity` tokens and refills
// continuously at `perSecond`; each limited action takes one. Taking is one atomic upsert, so
// requests fired in parallel cannot all slip under the limit (the row lock serialises them).
// A person working at human speed never empties a bucket; a script looping does.
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db.ts';
import { ApiError } from '../lib/errors.ts';

export type Bucket = { capacity: number; perSecond: number };

export const perMinute = (capacity: number, count = capacity): Bucket => ({
  capacity,
  perSecond: count / 60,
});
export const perHour = (capacity: number, count = capacity): Bucket => ({
  capacity,
  perSecond: count / 3600,
});

export type Take = { allowed: boolean; retryAfterSeconds: number };

export const RATE_LIMITED = 'Too many requests. Please slow down and try again shortly.';

/**
 * The one statement that takes a token from the bucket named `key`, answering `tokens, allowed`.
 * `scale` multiplies the bucket's capacity and refill (the owner's larger buckets, decided in SQL
 * from the stored role); `onlyIf` is a condition no token is taken without (a live session, when
 * the take rides in the session check's statement). An upsert, so parallel takes serialise on the
 * row and cannot all slip under the limit.
 */
export function takeTokenStatement(
  key: string,
  bucket: Bucket,
  options: { scale?: SQL; onlyIf?: SQL } = {},
): SQL {
  const scale = options.scale ?? sql`1`;
  const capacity = sql`(${bucket.capacity}::float8 * ${scale})`;
  const refilled = sql`least(${capacity}, b.tokens + extract(epoch from now() - b.updated_at)::float8 * ${bucket.perSecond}::float8 * ${scale})`;
  return sql`
    insert into rate_limit_buckets as b (key, tokens, allowed, updated_at)
    select ${key}, ${capacity} - 1, true, now() where ${options.onlyIf ?? sql`true`}
    on conflict (key) do update set
      tokens = case when ${refilled} >= 1 then ${refilled} - 1 else ${refilled} end,
      allowed = ${refilled} >= 1,
      updated_at = now()
    returning tokens, allowed`;
}

/** What a take answered (`tokens` as the driver gives a float8), for a bucket of this refill rate. */
export function takeOf(row: { tokens: number | string; allowed: boolean }, perSecond: number): Take {
  const tokens = Number(row.tokens);
  const retryAfterSeconds = row.allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / perSecond));
  return { allowed: row.allowed, retryAfterSeconds };
}

/** Takes one token from the bucket named `key`; says whether there was one, and when there will be. */
export async function takeToken(db: Database, key: string, bucket: Bucket): Promise<Take> {
  const result = await db.execute(takeTokenStatement(key, bucket));
  type Row = { tokens: number | string; allowed: boolean };
  // neon-http answers { rows }, a session an array: accept both.
  const rows = Array.isArray(result) ? (result as Row[]) : (result as unknown as { rows: Row[] }).rows;
  const row = rows[0];
  if (!row) throw new Error('rate limit bucket was not written');
  return takeOf(row, bucket.perSecond);
}

/** Gives a token back (e.g. a sign-in that succeeded is not counted as a failure). */
export async function returnToken(db: Database, key: string, bucket: Bucket): Promise<void> {
  await db.execute(sql`
    update rate_limit_buckets set tokens = least(${bucket.capacity}::float8, tokens + 1) where key = ${key}`);
}

export function tooManyRequests(retryAfterSeconds: number, message = RATE_LIMITED): ApiError {
  return new ApiError(429, message, undefined, { 'Retry-After': String(retryAfterSeconds) });
}
