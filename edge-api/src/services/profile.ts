// A member's own profile edits (docs/api.md, "Profiles and members"). Only the fields of
// UpdateProfileInput can be set here: role, block state and features are the admin panel's. The
// server keeps every rule the wizard shows: nothing changed, the current password for a new email,
// images only from one's own uploads, a picked city from the city list.
import { users } from '@community/db/schema';
import {
  CITY_NOT_FOUND,
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  PROFILE_NO_CHANGES,
  PROFILE_NO_CHANGES_DESCRIPTION,
  type UpdateProfileInput,
} from '@community/domain';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import { type Database, writeTogether } from '../db.ts';
import { ApiError, badRequest, conflict } from '../lib/errors.ts';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../lib/password.ts';
import { EMAIL_KINDS, type EmailKind } from '../lib/unsubscribe-token.ts';
import { revokeSessionsStatement } from './auth.ts';
import { findCity } from './cities.ts';
import { assertOwnUploads, imageField } from './uploads.ts';
import { emailPreferencesOf, type UserRow } from './users.ts';

export const EMAIL_IN_USE = 'An account with this email already exists.';
export const PSEUDO_IN_USE = 'This pseudo is already taken.';

type Changes = Partial<typeof users.$inferInsert>;

/** The stored value of each editable field, in the input's terms. */
function storedValues(row: UserRow): Record<string, unknown> {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    pseudo: row.pseudo,
    email: row.email,
    phone: row.phone,
    dateOfBirth: row.dateOfBirth,
    job: row.job,
    company: row.company,
    city: row.city,
    cityId: row.cityId,
    bio: row.bio,
    interests: row.interests ?? [],
    imageUrl: row.imageUrl,
    coverImageUrl: row.coverImageUrl,
    showEmail: row.showEmail,
    showPhone: row.showPhone,
    emailPreferences: emailPreferencesOf(row),
    timeZone: row.timeZone,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of `input` whose value differs from the stored one (email in lower case, a day for the birth date). */
function differences(row: UserRow, input: UpdateProfileInput): Changes {
  const stored = storedValues(row);
  const normalised: Record<string, unknown> = { ...input };
  delete normalised.currentPassword;
  if (typeof input.email === 'string') normalised.email = input.email.trim().toLowerCase();
  if (typeof input.dateOfBirth === 'string') normalised.dateOfBirth = input.dateOfBirth.slice(0, 10);
  // A kind left out keeps its value: compared whole, so a repeat of what is stored is no change.
  if (input.emailPreferences) {
    normalised.emailPreferences = { ...(stored.emailPreferences as object), ...input.emailPreferences };
  }
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(normalised)) {
    if (value !== undefined && !same(value, stored[field])) changes[field] = value;
  }
  return changes as Changes;
}

/** A new avatar or cover must be the member's own upload to the `users` bucket (the media rule, uploads.ts). */
function checkImages(db: Database, userId: string, changes: Changes, origins: readonly string[]) {
  return assertOwnUploads(db, userId, origins, [
    imageField('imageUrl', changes.imageUrl, 'users'),
    imageField('coverImageUrl', changes.coverImageUrl, 'users'),
  ]);
}

/**
 * The place behind the city: a picked `cityId` fills the city's name, country and coordinates; a
 * typed city (without `cityId`) that differs from the stored one has no place behind it.
 */
async function placeChanges(db: Database, row: UserRow, input: UpdateProfileInput, changes: Changes) {
  if (input.cityId !== undefined && input.cityId !== null) {
    const city = await findCity(db, input.cityId);
    if (!city) throw badRequest(CITY_NOT_FOUND, [{ path: 'cityId', message: CITY_NOT_FOUND }]);
    return {
      city: city.name,
      cityId: city.id,
      country: city.country,
      latitude: city.lat,
      longitude: city.lng,
    };
  }
  const cleared = { cityId: null, country: null, latitude: null, longitude: null };
  if (input.cityId === null) return row.cityId === null ? {} : cleared;
  if (changes.city !== undefined) return cleared;
  return {};
}

/** A new email is a new sign-in name: whoever changes it proves they know the password (PBKDF2, services/auth.ts's). */
async function checkCurrentPassword(row: UserRow, password: string | undefined) {
  if (password === undefined || password === '')
    throw badRequest(CURRENT_PASSWORD_REQUIRED, [
      { path: 'currentPassword', message: CURRENT_PASSWORD_REQUIRED },
    ]);
  const matches = await verifyPassword(password, row.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!row.passwordHash || !matches)
    throw badRequest(CURRENT_PASSWORD_WRONG, [{ path: 'currentPassword', message: CURRENT_PASSWORD_WRONG }]);
}

export const noChanges = () =>
  new ApiError(400, PROFILE_NO_CHANGES, [{ path: '', message: PROFILE_NO_CHANGES_DESCRIPTION }]);

/**
 * Applies the member's edit of their own profile; answers whether the email changed (the caller
 * then ends the member's other sessions). 400 when nothing differs from what is stored.
 */
export async function updateProfile(
  db: Database,
  row: UserRow,
  input: UpdateProfileInput,
  keepSessionId: string,
  /** Where the member's uploads live (the API's origins): the only place an image may come from. */
  fileOrigins: readonly string[],
): Promise<{ emailChanged: boolean; endedSessionIds: string[] }> {
  const changes = differences(row, input);
  const stored = {
    city: row.city,
    cityId: row.cityId,
    country: row.country,
    latitude: row.latitude,
    longitude: row.longitude,
  };
  // A cityId that names the stored place (its name, country, coordinates) changes nothing.
  for (const [field, value] of Object.entries(await placeChanges(db, row, input, changes))) {
    const key = field as keyof typeof stored;
    if (same(value, stored[key])) delete changes[key];
    else Object.assign(changes, { [key]: value });
  }
  if (Object.keys(changes).length === 0) throw noChanges();
  const emailChanged = changes.email !== undefined;
  if (emailChanged) await checkCurrentPassword(row, input.currentPassword);
  await checkImages(db, row.id, changes, fileOrigins);
  if (changes.email !== undefined || changes.pseudo !== undefined) {
    const [clash] = await db
      .select({ email: users.email, pseudo: users.pseudo })
      .from(users)
      .where(
        and(
          ne(users.id, row.id),
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
  // The preferences are stored as the kinds turned off; a kind the input leaves out keeps its value.
  const { emailPreferences, ...columns } = changes as Changes & {
    emailPreferences?: Partial<Record<EmailKind, boolean> & { digestDay: number }>;
  };
  const preferences = { ...emailPreferencesOf(row), ...emailPreferences };
  const emailOff = emailPreferences
    ? { emailOff: EMAIL_KINDS.filter((kind) => !preferences[kind]), digestDay: preferences.digestDay }
    : {};
  const update = (d: Database) =>
    d
      .update(users)
      .set({ ...columns, ...emailOff, updatedAt: new Date() })
      .where(eq(users.id, row.id));
  if (!emailChanged) {
    await update(db);
    return { emailChanged, endedSessionIds: [] };
  }
  // A new email is a new sign-in name: every other session ends in the same commit, so the change
  // never lands while the sessions signed in under the old name survive.
  const [, ended] = await writeTogether(db, (d) => [
    update(d),
    revokeSessionsStatement(d, row.id, keepSessionId),
  ]);
  return { emailChanged, endedSessionIds: ended.map((session) => session.id) };
}
