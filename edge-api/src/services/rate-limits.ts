// Rate limits as token buckets in Postgres: a bucket holds up to `capacity` tokens and refills
// continuously at `perSecond`; each limited action takes one. Taking is one atomic upsert, so
// requests fired in parallel cannot all slip under the limit (the row lock serialises them).
// A person working at human speed never empties a bucket; a script looping does.
import { sql } from 'drizzle-orm';
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

/** Takes one token from the bucket named `key`; says whether there was one, and when there will be. */
export async function takeToken(db: Database, key: string, bucket: Bucket): Promise<Take> {
  const refilled = sql`least(${bucket.capacity}::float8, b.tokens + extract(epoch from now() - b.updated_at)::float8 * ${bucket.perSecond}::float8)`;
  const result = await db.execute(sql`
    insert into rate_limit_buckets as b (key, tokens, allowed, updated_at)
    values (${key}, ${bucket.capacity - 1}::float8, true, now())
    on conflict (key) do update set
      tokens = case when ${refilled} >= 1 then ${refilled} - 1 else ${refilled} end,
      allowed = ${refilled} >= 1,
      updated_at = now()
    returning tokens, allowed`);
  type Row = { tokens: number | string; allowed: boolean };
  // neon-http answers { rows }, a session an array: accept both.
  const rows = Array.isArray(result) ? (result as Row[]) : (result as unknown as { rows: Row[] }).rows;
  const row = rows[0];
  if (!row) throw new Error('rate limit bucket was not written');
  const tokens = Number(row.tokens);
  const retryAfterSeconds = row.allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / bucket.perSecond));
  return { allowed: row.allowed, retryAfterSeconds };
}

/** Gives a token back (e.g. a sign-in that succeeded is not counted as a failure). */
export async function returnToken(db: Database, key: string, bucket: Bucket): Promise<void> {
  await db.execute(sql`
    update rate_limit_buckets set tokens = least(${bucket.capacity}::float8, tokens + 1) where key = ${key}`);
}

export function tooManyRequests(retryAfterSeconds: number, message = RATE_LIMITED): ApiError {
  return new ApiError(429, message, undefined, { 'Retry-After': String(retryAfterSeconds) });
}

/** Takes a token or throws 429 with Retry-After. */
export async function enforceRateLimit(
  db: Database,
  key: string,
  bucket: Bucket,
  message = RATE_LIMITED,
): Promise<void> {
  const take = await takeToken(db, key, bucket);
  if (!take.allowed) throw tooManyRequests(take.retryAfterSeconds, message);
}
