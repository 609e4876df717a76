// Field builders shared by the schemas, so a required field reports the spec's text whether the
// value is missing, of the wrong type or blank, and URLs are limited to http(s) (they end up in links).
import { z } from 'zod';

export const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

export const emailAddress = (message: string) => z.string({ error: message }).trim().pipe(z.email(message));

const httpUrlFormat = (message?: string) => z.url({ protocol: /^https?$/, error: message });

export const httpUrl = (message: string) => z.string({ error: message }).trim().pipe(httpUrlFormat(message));

const anyHttpUrl = httpUrlFormat();

/** For optional URL inputs: a form's empty field ('') or null means "no URL". */
export const optionalHttpUrl = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => value === '' || anyHttpUrl.safeParse(value).success, message)
    .transform((value) => value || undefined)
    .nullish();

/** An instant with a time zone (Z or an offset), as `Date.prototype.toISOString()` writes it. */
export const isoDateTime = (message: string) => z.iso.datetime({ offset: true, error: message });

/**
 * For cross-field rules: run only when the value is an object and the named fields parsed, so a form
 * shows e.g. "Check the event date" next to other fields' errors but never on top of a field's own.
 */
export const whenFieldsValid =
  (...fields: string[]) =>
  (payload: z.core.ParsePayload): boolean =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !payload.issues.some((issue) => fields.includes(String(issue.path?.[0])));
