// The Edit Profile wizard's values, its four steps (spec section 2) and what Save sends: only the
// fields that differ from the stored profile (spec section 5: nothing changed → "No changes"),
// checked with the domain's profile schema, the same one the server applies.
import {
  type Clock,
  CURRENT_PASSWORD_REQUIRED,
  canonicalTimeZone,
  DATE_OF_BIRTH_MIN,
  profileInputSchema,
  readClock,
  toLocalDay,
  type UpdateProfileInput,
  type User,
} from '@community/domain';
import { joinPhone, splitPhone } from './phone.ts';

export type ProfileFormValues = {
  imageUrl: string | null;
  coverImageUrl: string | null;
  firstName: string;
  lastName: string;
  pseudo: string;
  email: string;
  /** Asked for only when the email changes. */
  currentPassword: string;
  phoneCountry: string;
  /** The national number as typed; sent as E.164 with `phoneCountry`. */
  phone: string;
  showEmail: boolean;
  showPhone: boolean;
  /** Email about direct messages left unread while away (emailPreferences.messages). */
  emailMessages: boolean;
  /** Email about mentions and comments on one's posts left unread while away (emailPreferences.mentions). */
  emailMentions: boolean;
  /** Email about reminders and cancellations of events one RSVPed to (emailPreferences.events). */
  emailEvents: boolean;
  /** The weekly digest: `never`, or the weekday it comes (`0` Sunday … `6` Saturday). */
  emailDigest: string;
  /** YYYY-MM-DD, or '' for none. */
  dateOfBirth: string;
  job: string;
  company: string;
  /** What the city field shows: a picked place's label or typed text. */
  city: string;
  /** The picked place (GET /api/cities), or null for typed text / no city. */
  cityId: number | null;
  bio: string;
  interests: string[];
};

export type ProfileField = keyof ProfileFormValues;

export type WizardStep = { title: string; fields: readonly ProfileField[] };

/** Spec section 2 / 4: four steps, 0 to 3. */
export const WIZARD_STEPS: readonly WizardStep[] = [
  {
    title: 'Personal Information',
    fields: [
      'imageUrl',
      'coverImageUrl',
      'firstName',
      'lastName',
      'pseudo',
      'email',
      'currentPassword',
      'phoneCountry',
      'phone',
      'showEmail',
      'showPhone',
      'emailMessages',
      'emailMentions',
      'emailEvents',
      'emailDigest',
      'dateOfBirth',
    ],
  },
  { title: 'Professional Information', fields: ['job', 'company'] },
  { title: 'Location', fields: ['city', 'cityId'] },
  { title: 'Bio & Interests', fields: ['bio', 'interests'] },
];

export const PROFILE_FIELDS = WIZARD_STEPS.flatMap((step) => step.fields);

/** The step showing `field` (the first failing field's step is where Save jumps back to). */
export const stepOf = (field: ProfileField): number =>
  Math.max(
    0,
    WIZARD_STEPS.findIndex((step) => step.fields.includes(field)),
  );

/** The first step, in wizard order, holding one of `fields`. */
export const firstStepOf = (fields: readonly ProfileField[]): number | null =>
  fields.length === 0 ? null : Math.min(...fields.map(stepOf));

export function toFormValues(user: User): ProfileFormValues {
  const phone = splitPhone(user.phone);
  return {
    imageUrl: user.imageUrl,
    coverImageUrl: user.coverImageUrl ?? null,
    firstName: user.firstName,
    lastName: user.lastName,
    pseudo: user.pseudo,
    email: user.email,
    currentPassword: '',
    phoneCountry: phone.country,
    phone: phone.national,
    showEmail: user.showEmail ?? false,
    showPhone: user.showPhone ?? false,
    emailMessages: user.emailPreferences?.messages ?? true,
    emailMentions: user.emailPreferences?.mentions ?? true,
    emailEvents: user.emailPreferences?.events ?? true,
    emailDigest:
      user.emailPreferences?.digest === false ? 'never' : String(user.emailPreferences?.digestDay ?? 1),
    dateOfBirth: user.dateOfBirth ? user.dateOfBirth.slice(0, 10) : '',
    job: user.job ?? '',
    company: user.company ?? '',
    city: user.address?.city ?? '',
    cityId: user.address?.cityId ?? null,
    bio: user.bio ?? '',
    interests: [...(user.interests ?? [])],
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value);
const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/**
 * The PATCH body: only what differs from `initial`. A picked city is sent as `cityId` (the server
 * fills city, country and coordinates); typed text alone as `city`. A new email brings the current
 * password along.
 */
export function changedFields(
  values: ProfileFormValues,
  initial: ProfileFormValues,
  zones: TimeZones = { browser: null, stored: null },
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const field of ['firstName', 'lastName', 'pseudo'] as const) {
    if (values[field] !== initial[field]) changes[field] = values[field];
  }
  if (values.email.trim() !== initial.email) {
    changes.email = values.email;
    changes.currentPassword = values.currentPassword;
  }
  const phone = joinPhone({ country: values.phoneCountry, national: values.phone });
  if (phone !== joinPhone({ country: initial.phoneCountry, national: initial.phone })) changes.phone = phone;
  for (const field of ['imageUrl', 'coverImageUrl'] as const) {
    if (values[field] !== initial[field]) changes[field] = values[field];
  }
  for (const field of ['showEmail', 'showPhone'] as const) {
    if (values[field] !== initial[field]) changes[field] = values[field];
  }
  const emailPreferences: Record<string, boolean | number> = {};
  if (values.emailMessages !== initial.emailMessages) emailPreferences.messages = values.emailMessages;
  if (values.emailMentions !== initial.emailMentions) emailPreferences.mentions = values.emailMentions;
  if (values.emailEvents !== initial.emailEvents) emailPreferences.events = values.emailEvents;
  if (values.emailDigest !== initial.emailDigest) {
    emailPreferences.digest = values.emailDigest !== 'never';
    if (values.emailDigest !== 'never') emailPreferences.digestDay = Number(values.emailDigest);
  }
  if (Object.keys(emailPreferences).length > 0) changes.emailPreferences = emailPreferences;
  for (const field of ['dateOfBirth', 'job', 'company', 'bio'] as const) {
    if (values[field] !== initial[field]) changes[field] = orNull(values[field]);
  }
  if (values.cityId !== initial.cityId && values.cityId !== null) changes.cityId = values.cityId;
  else if (values.city !== initial.city || values.cityId !== initial.cityId)
    changes.city = orNull(values.city);
  if (!sameList(values.interests, initial.interests)) changes.interests = values.interests;
  // A save carries the browser's zone when it differs from the stored one: the digest's day and
  // the times in emails follow where the member is. Alone it is no change ("No changes" stays true).
  if (Object.keys(changes).length > 0 && zones.browser && zones.browser !== zones.stored) {
    changes.timeZone = zones.browser;
  }
  return changes;
}

/**
 * The wizard's check: the changes, through the domain's profile schema, plus the one rule the
 * schema leaves to the server (a new email needs the current password, spec section 5).
 */
export const profileChangesSchema = (now: Clock) =>
  profileInputSchema(now).superRefine((input, context) => {
    if (input.email !== undefined && !input.currentPassword) {
      context.addIssue({ code: 'custom', path: ['currentPassword'], message: CURRENT_PASSWORD_REQUIRED });
    }
  });

export function parseProfileChanges(
  values: ProfileFormValues,
  initial: ProfileFormValues,
  now: Clock,
  zones?: TimeZones,
) {
  return profileChangesSchema(now).safeParse(changedFields(values, initial, zones));
}

/** The member's zone as their browser has it and as stored (null: not saved yet). */
export type TimeZones = { browser: string | null; stored: string | null };

/** The browser's IANA zone as the server spells it, or null when it has none the server would take. */
export function browserTimeZone(): string | null {
  return canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? '') ?? null;
}

export type ProfileChanges = UpdateProfileInput;

/** The date field's bounds (spec section 5): 1900-01-01 to today. */
export const dateOfBirthBounds = (now: Clock) => ({
  min: DATE_OF_BIRTH_MIN,
  max: toLocalDay(readClock(now)),
});
