// Admin panel bodies (spec sections 5 and 7): the add/edit user form, feature switches, community
// edit, invitations, admin info, URL entries and user import.
import { z } from 'zod';
import { FEATURE_KEYS } from './entities.ts';
import { emailAddress, list, requiredText, text, uuid, whenFieldsValid } from './fields.ts';
import {
  ASSIGNABLE_ROLES,
  CSV_STATUS_BLOCKED,
  CSV_TRUE_VALUES,
  DEFAULT_ROLE,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN_LENGTH,
  PSEUDO_MAX,
  SEARCH_MAX,
  SUBDOMAIN_MAX,
  URL_ENTRIES_MAX,
  URL_MAX,
} from './limits.ts';
import {
  CITY_REQUIRED,
  COMMUNITY_LOGO_REQUIRED,
  COMMUNITY_NAME_REQUIRED,
  COMMUNITY_REQUIRED,
  COMMUNITY_SUBDOMAIN_REQUIRED,
  COMMUNITY_URL_REQUIRED,
  COMPANY_REQUIRED,
  FEATURE_REQUIRED,
  FIRST_NAME_REQUIRED,
  INVALID_EMAIL,
  importRowMissingFields,
  importSkippedSuperAdmin,
  JOB_REQUIRED,
  LAST_NAME_REQUIRED,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DO_NOT_MATCH,
  PSEUDO_REQUIRED,
  ROLE_INVALID,
  tooManyItems,
  URL_EMPTY,
  URL_INVALID,
  URLS_REQUIRED,
  urlsTooMany,
} from './messages.ts';
import { PageQuery } from './pagination.ts';

const role = z.enum(ASSIGNABLE_ROLES, { error: ROLE_INVALID });
const featureKey = z.enum(FEATURE_KEYS);
const uniqueKeys = <T>(keys: readonly T[]): T[] => [...new Set(keys)];

/** Add User and Edit User share this form; an empty password means "none" / "unchanged". */
export const UserFormInput = z
  .strictObject({
    firstName: requiredText(FIRST_NAME_REQUIRED, 'First name', NAME_MAX),
    lastName: requiredText(LAST_NAME_REQUIRED, 'Last name', NAME_MAX),
    pseudo: requiredText(PSEUDO_REQUIRED, 'Pseudo', PSEUDO_MAX),
    email: emailAddress(INVALID_EMAIL),
    job: requiredText(JOB_REQUIRED, 'Job', NAME_MAX),
    company: requiredText(COMPANY_REQUIRED, 'Company', NAME_MAX),
    role: role.default(DEFAULT_ROLE),
    city: requiredText(CITY_REQUIRED, 'City', NAME_MAX),
    password: text('Password', PASSWORD_MAX, { untrimmed: true })
      .refine((value) => value === '' || value.length >= PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
      .optional(),
    confirmPassword: text('Password', PASSWORD_MAX, { untrimmed: true }).optional(),
    features: z
      .array(featureKey, { error: FEATURE_REQUIRED })
      .min(1, FEATURE_REQUIRED)
      .max(FEATURE_KEYS.length, tooManyItems('Features', FEATURE_KEYS.length))
      .transform(uniqueKeys),
  })
  .refine((user) => (user.password ?? '') === (user.confirmPassword ?? ''), {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
    // Not held back by the password's own error: the form shows both fields' errors at once.
    when: whenFieldsValid('confirmPassword'),
  });
export type UserFormInput = z.infer<typeof UserFormInput>;

export const UpdateUserFeaturesInput = z.strictObject({
  features: list(
    'Features',
    z.strictObject({ feature: featureKey, enabled: z.boolean() }),
    FEATURE_KEYS.length,
  ),
});
export type UpdateUserFeaturesInput = z.infer<typeof UpdateUserFeaturesInput>;

export const ADMIN_USER_OPERATIONS = ['edit', 'updateFeatures', 'block', 'reactivate'] as const;
export const AdminUserOperationQuery = z.object({ operation: z.enum(ADMIN_USER_OPERATIONS) });
export type AdminUserOperationQuery = z.infer<typeof AdminUserOperationQuery>;

export const AdminUsersQuery = PageQuery.extend({ search: text('Search', SEARCH_MAX).optional() });
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

export const UpdateCommunityInput = z.strictObject({
  communityName: requiredText(COMMUNITY_NAME_REQUIRED, 'Community name', NAME_MAX),
  communityLogo: requiredText(COMMUNITY_LOGO_REQUIRED, 'Community logo', URL_MAX),
  communityUrl: requiredText(COMMUNITY_URL_REQUIRED, 'Community URL', SUBDOMAIN_MAX),
  /** Show the logo in emails (a remote image: it tells us when an email is opened). Omitted: unchanged. */
  emailImages: z.boolean({ error: 'emailImages must be true or false' }).optional(),
});
export type UpdateCommunityInput = z.infer<typeof UpdateCommunityInput>;

export const CreateInviteInput = z.strictObject({
  email: emailAddress(INVALID_EMAIL),
  communitySubdomain: requiredText(COMMUNITY_SUBDOMAIN_REQUIRED, 'Community subdomain', SUBDOMAIN_MAX),
});
export type CreateInviteInput = z.infer<typeof CreateInviteInput>;

export const UpdateAdminInfoInput = z.strictObject({
  company: requiredText(COMPANY_REQUIRED, 'Company', NAME_MAX),
  firstName: requiredText(FIRST_NAME_REQUIRED, 'First name', NAME_MAX),
});
export type UpdateAdminInfoInput = z.infer<typeof UpdateAdminInfoInput>;

export const UrlEntryInput = z.strictObject({
  // An empty URL gets its own message, not "Please enter a valid URL" as well.
  url: text('URL', URL_MAX, { typeMessage: URL_EMPTY })
    .min(1, { error: URL_EMPTY, abort: true })
    .pipe(z.url({ protocol: /^https?$/, error: URL_INVALID })),
  label: text('Label', NAME_MAX).optional(),
});
export type UrlEntryInput = z.infer<typeof UrlEntryInput>;

export const CreateUrlsInput = z.strictObject({
  urls: z
    .array(UrlEntryInput, { error: URLS_REQUIRED })
    .min(1, URLS_REQUIRED)
    .max(URL_ENTRIES_MAX, urlsTooMany(URL_ENTRIES_MAX)),
  communityId: uuid('Community', COMMUNITY_REQUIRED),
});
export type CreateUrlsInput = z.infer<typeof CreateUrlsInput>;

/** One imported user: the spec's import body, features holding only the enabled keys. */
export const ImportUserRow = z.strictObject({
  firstName: requiredText(FIRST_NAME_REQUIRED, 'First name', NAME_MAX),
  lastName: requiredText(LAST_NAME_REQUIRED, 'Last name', NAME_MAX),
  pseudo: requiredText(PSEUDO_REQUIRED, 'Pseudo', PSEUDO_MAX),
  email: emailAddress(INVALID_EMAIL),
  job: text('Job', NAME_MAX).optional(),
  company: text('Company', NAME_MAX).optional(),
  role: role.default(DEFAULT_ROLE),
  city: text('City', NAME_MAX).optional(),
  isBlocked: z.boolean().default(false),
  features: list('Features', featureKey, FEATURE_KEYS.length).transform(uniqueKeys).default([]),
});
export type ImportUserRow = z.infer<typeof ImportUserRow>;

// Presence only: a value that is there but too long or malformed gets its field's own message.
const present = z.string().trim().min(1);
const ImportRequiredFields = z.looseObject({
  firstName: present,
  lastName: present,
  email: present,
  pseudo: present,
});

export type ImportRowCheck =
  | { ok: true; user: ImportUserRow }
  | { ok: false; error: string; skipped?: undefined }
  | { ok: false; skipped: string; error?: undefined };

/**
 * A row an import must leave alone whatever else it holds: a SUPER_ADMIN (the export lists the
 * owner; no import creates or changes that role). The note says so; it is not an error, so a full
 * export re-imports cleanly. Null for any other row.
 */
export const importSkipNote = (row: unknown): string | null => {
  if (!row || typeof row !== 'object') return null;
  const { role, email } = row as { role?: unknown; email?: unknown };
  const normalised =
    typeof role === 'string'
      ? role
          .trim()
          .toUpperCase()
          .replace(/[\s-]+/g, '_')
      : '';
  return normalised === 'SUPER_ADMIN' ? importSkippedSuperAdmin(String(email ?? '').trim()) : null;
};

/**
 * Checks one row before it is sent. A SUPER_ADMIN row is skipped with a note (`importSkipNote`); a
 * missing name, email or pseudo gives the spec's row message; any other problem gives that field's
 * own message.
 */
export const checkImportRow = (row: unknown, rowNumber: number): ImportRowCheck => {
  const skipped = importSkipNote(row);
  if (skipped) return { ok: false, skipped };
  if (!ImportRequiredFields.safeParse(row).success)
    return { ok: false, error: importRowMissingFields(rowNumber) };
  const parsed = ImportUserRow.safeParse(row);
  if (parsed.success) return { ok: true, user: parsed.data };
  return { ok: false, error: parsed.error.issues[0]?.message ?? importRowMissingFields(rowNumber) };
};

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.toLowerCase();

/** A CSV feature cell means "enabled" when it reads Yes, true or 1 (any case); anything else, or none, is off. */
export const isCsvFeatureEnabled = (cell: string | undefined): boolean =>
  cell !== undefined && CSV_TRUE_VALUES.some((value) => sameText(cell, value));

export const isCsvStatusBlocked = (cell: string | undefined): boolean =>
  cell !== undefined && sameText(cell, CSV_STATUS_BLOCKED);
