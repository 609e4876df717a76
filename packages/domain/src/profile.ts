// The profile editor (spec section 5, "Profile" and "Interest tag") and the complete-profile page.
// The date of birth must not be after today, so the schema is built from a clock like the event's.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { timeZoneName } from './event.ts';
import { emailAddress, list, longText, optionalHttpUrl, requiredText, text } from './fields.ts';
import {
  DATE_OF_BIRTH_MIN,
  DEFAULT_PHONE_COUNTRY,
  INTERESTS_MAX,
  LONG_TEXT_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  PHONE_MAX,
  PSEUDO_MAX,
  TAG_MAX,
} from './limits.ts';
import {
  CITY_NOT_FOUND,
  CITY_REQUIRED,
  COMPANY_REQUIRED,
  CURRENT_PASSWORD_REQUIRED,
  FIRST_NAME_REQUIRED,
  JOB_REQUIRED,
  LAST_NAME_REQUIRED,
  PHONE_INVALID,
  PROFILE_DATE_OF_BIRTH_INVALID,
  PROFILE_EMAIL_INVALID,
  PSEUDO_REQUIRED,
  URL_INVALID,
} from './messages.ts';
import { type Clock, readClock, toLocalDay } from './scheduling.ts';

const DIGEST_DAY_INVALID = 'emailPreferences.digestDay must be a day of the week, 0 (Sunday) to 6 (Saturday)';

/** Interests are stored without the leading # they are shown with. */
export const normalizeInterestTag = (raw: string): string => raw.trim().replace(/^#+/, '').trim();

/** What Enter or the Add button does: empty and already present tags are ignored. */
export const addInterest = (current: readonly string[], raw: string): string[] => {
  const tag = normalizeInterestTag(raw);
  return tag === '' || current.includes(tag) ? [...current] : [...current, tag];
};

export const normalizeInterests = (tags: readonly string[]): string[] =>
  tags.reduce<string[]>((result, tag) => addInterest(result, tag), []);

const isDay = (value: string) => z.iso.date().safeParse(value).success;
const isDateTime = (value: string) => z.iso.datetime({ offset: true }).safeParse(value).success;

/** Accepts a day (YYYY-MM-DD) or a full ISO date-time; only its day is compared. */
export const dateOfBirthSchema = (now: Clock) =>
  z.string({ error: PROFILE_DATE_OF_BIRTH_INVALID }).refine((value) => {
    const day = value.slice(0, 10);
    if (!(value.length === 10 ? isDay(value) : isDateTime(value))) return false;
    return day >= DATE_OF_BIRTH_MIN && day <= toLocalDay(readClock(now));
  }, PROFILE_DATE_OF_BIRTH_INVALID);

/**
 * A phone number in E.164 ("+12025550143"), or undefined when it is not a valid number. A number
 * without a leading + is read in `country` (the picker's country, US by default: spec section 9).
 */
export function toE164(value: string, country: string = DEFAULT_PHONE_COUNTRY): string | undefined {
  const parsed = parsePhoneNumberFromString(
    value,
    country as Parameters<typeof parsePhoneNumberFromString>[1],
  );
  return parsed?.isValid() ? parsed.number : undefined;
}

/** Blank clears the number; anything else must be a valid number, and is stored in E.164. */
const phoneNumber = text('Phone', PHONE_MAX).transform((value, context) => {
  if (value === '') return null;
  const e164 = toE164(value);
  if (e164) return e164;
  context.addIssue({ code: 'custom', message: PHONE_INVALID });
  return z.NEVER;
});

/**
 * Every field is optional; a name that is sent must not be blank. `cityId` is a place from
 * `GET /api/cities` (the server fills city, country and coordinates from it); `city` alone is text
 * with no place behind it. A new email needs `currentPassword` (checked on the server). A body
 * that changes nothing is refused on the server with the spec's "No changes".
 */
export const profileInputSchema = (now: Clock) =>
  z.strictObject({
    firstName: requiredText(FIRST_NAME_REQUIRED, 'First name', NAME_MAX).optional(),
    lastName: requiredText(LAST_NAME_REQUIRED, 'Last name', NAME_MAX).optional(),
    pseudo: requiredText(PSEUDO_REQUIRED, 'Pseudo', PSEUDO_MAX).optional(),
    email: emailAddress(PROFILE_EMAIL_INVALID).optional(),
    currentPassword: z.string({ error: CURRENT_PASSWORD_REQUIRED }).max(PASSWORD_MAX).optional(),
    phone: phoneNumber.nullish(),
    dateOfBirth: dateOfBirthSchema(now).nullish(),
    // Left out, they stay as they are; never emptied: a profile without them is sent back to
    // complete-profile at the next sign-in (spec section 4), so Edit Profile says so on the field.
    job: requiredText(JOB_REQUIRED, 'Job', NAME_MAX).optional(),
    company: requiredText(COMPANY_REQUIRED, 'Company', NAME_MAX).optional(),
    city: requiredText(CITY_REQUIRED, 'City', NAME_MAX).optional(),
    cityId: z.number({ error: CITY_NOT_FOUND }).int(CITY_NOT_FOUND).positive(CITY_NOT_FOUND).nullish(),
    bio: longText('Bio', LONG_TEXT_MAX).nullish(),
    interests: list('Interests', text('Interest', TAG_MAX), INTERESTS_MAX)
      .transform(normalizeInterests)
      .optional(),
    imageUrl: optionalHttpUrl(URL_INVALID),
    coverImageUrl: optionalHttpUrl(URL_INVALID),
    showEmail: z.boolean({ error: 'showEmail must be true or false' }).optional(),
    showPhone: z.boolean({ error: 'showPhone must be true or false' }).optional(),
    emailPreferences: z
      .strictObject({
        messages: z.boolean({ error: 'emailPreferences.messages must be true or false' }).optional(),
        mentions: z.boolean({ error: 'emailPreferences.mentions must be true or false' }).optional(),
        events: z.boolean({ error: 'emailPreferences.events must be true or false' }).optional(),
        digest: z.boolean({ error: 'emailPreferences.digest must be true or false' }).optional(),
        digestDay: z
          .number({ error: DIGEST_DAY_INVALID })
          .int(DIGEST_DAY_INVALID)
          .min(0, DIGEST_DAY_INVALID)
          .max(6, DIGEST_DAY_INVALID)
          .optional(),
      })
      .optional(),
    /** The member's zone (their browser's), for the weekly digest's day and the times in emails. */
    timeZone: timeZoneName.nullish(),
  });

export const UpdateProfileInput = profileInputSchema(() => new Date());
export type UpdateProfileInput = z.infer<typeof UpdateProfileInput>;

export const CompleteProfileInput = z.strictObject({
  city: requiredText(CITY_REQUIRED, 'City', NAME_MAX),
  job: requiredText(JOB_REQUIRED, 'Job', NAME_MAX),
  company: requiredText(COMPANY_REQUIRED, 'Company', NAME_MAX),
});
export type CompleteProfileInput = z.infer<typeof CompleteProfileInput>;
