// The profile editor (spec section 5, "Profile" and "Interest tag") and the complete-profile page.
// The date of birth must not be after today, so the schema is built from a clock like the event's.
import { z } from 'zod';
import { emailAddress, optionalHttpUrl, requiredText } from './fields.ts';
import { DATE_OF_BIRTH_MIN } from './limits.ts';
import {
  CITY_REQUIRED,
  COMPANY_REQUIRED,
  FIRST_NAME_REQUIRED,
  JOB_REQUIRED,
  LAST_NAME_REQUIRED,
  PROFILE_DATE_OF_BIRTH_INVALID,
  PROFILE_EMAIL_INVALID,
  PSEUDO_REQUIRED,
  URL_INVALID,
} from './messages.ts';
import { type Clock, readClock, toLocalDay } from './scheduling.ts';

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

/** Every field is optional; a name that is sent must not be blank. */
export const profileInputSchema = (now: Clock) =>
  z.strictObject({
    firstName: requiredText(FIRST_NAME_REQUIRED).optional(),
    lastName: requiredText(LAST_NAME_REQUIRED).optional(),
    pseudo: requiredText(PSEUDO_REQUIRED).optional(),
    email: emailAddress(PROFILE_EMAIL_INVALID).optional(),
    phone: z.string().trim().nullish(),
    dateOfBirth: dateOfBirthSchema(now).nullish(),
    job: z.string().trim().nullish(),
    company: z.string().trim().nullish(),
    city: z.string().trim().nullish(),
    bio: z.string().trim().nullish(),
    interests: z.array(z.string()).transform(normalizeInterests).optional(),
    imageUrl: optionalHttpUrl(URL_INVALID),
  });

export const UpdateProfileInput = profileInputSchema(() => new Date());
export type UpdateProfileInput = z.infer<typeof UpdateProfileInput>;

export const CompleteProfileInput = z.strictObject({
  city: requiredText(CITY_REQUIRED),
  job: requiredText(JOB_REQUIRED),
  company: requiredText(COMPANY_REQUIRED),
});
export type CompleteProfileInput = z.infer<typeof CompleteProfileInput>;
