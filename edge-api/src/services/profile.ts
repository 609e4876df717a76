// A member's own profile edits. Only the fields of UpdateProfileInput can be set here: role,
// block state and features are the admin panel's.
import { users } from '@community/db/schema';
import type { UpdateProfileInput } from '@community/domain';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db.ts';
import { conflict } from '../lib/errors.ts';

export const EMAIL_IN_USE = 'An account with this email already exists.';
export const PSEUDO_IN_USE = 'This pseudo is already taken.';

export async function updateProfile(db: Database, userId: string, input: UpdateProfileInput): Promise<void> {
  const { city, email, ...rest } = input;
  const changes = {
    ...rest,
    ...(city !== undefined ? { city } : {}),
    ...(email !== undefined ? { email: email.trim().toLowerCase() } : {}),
  };
  if (changes.email !== undefined || changes.pseudo !== undefined) {
    const [clash] = await db
      .select({ email: users.email, pseudo: users.pseudo })
      .from(users)
      .where(
        and(
          ne(users.id, userId),
          or(
            changes.email !== undefined ? eq(users.email, changes.email) : undefined,
            changes.pseudo !== undefined ? sql`lower(${users.pseudo}) = lower(${changes.pseudo})` : undefined,
          ),
        ),
      );
    if (clash && clash.email === changes.email)
      throw conflict(EMAIL_IN_USE, [{ path: 'email', message: EMAIL_IN_USE }]);
    if (clash) throw conflict(PSEUDO_IN_USE, [{ path: 'pseudo', message: PSEUDO_IN_USE }]);
  }
  if (Object.keys(changes).length === 0) return;
  await db.update(users).set(changes).where(eq(users.id, userId));
}
