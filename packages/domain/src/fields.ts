// Field builders shared by the schemas. Every text has a maximum length and refuses control
// characters (Postgres cannot store NUL; the others hide or garble text), naming the field; a
// required field reports the spec's text whether the value is missing, of the wrong type or blank;
// URLs are limited to http(s) (they end up in links); ids are UUIDs.
import { z } from 'zod';
import { EMAIL_MAX, URL_MAX } from './limits.ts';
import { idInvalid, textNotAllowed, textTooLong, tooManyItems } from './messages.ts';

const UUID_LENGTH = 36;

// C0 and C1 control characters and DEL; long text keeps tab, line feed and carriage return.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// Half of a UTF-16 pair on its own: not a character, and not valid UTF-8 once stored.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when a string holds no control character (tab and line breaks too, unless `lines`) and no broken pair. */
export const hasOnlyAllowedCharacters = (value: string, lines = false): boolean =>
  !(lines ? CONTROL_BUT_LINES : CONTROL).test(value) && !LONE_SURROGATE.test(value);

/** Runs a check only if the field has no issue yet, so a field reports one problem at a time. */
export const ifNoIssueYet = (payload: z.core.ParsePayload) => payload.issues.length === 0;

type TextOptions = {
  /** The message for a missing value or a value that is not a string (the spec's where it has one). */
  typeMessage?: string | undefined;
  /** Long text: tab and line breaks are allowed. */
  lines?: boolean;
  /** Leave surrounding blanks alone (passwords). */
  untrimmed?: boolean;
  /** The spec's message for a text that is too long, where it has one. */
  tooLongMessage?: string;
};

/** A string of at most `max` characters (after trimming) without control characters, named `label` in messages. */
export const text = (label: string, max: number, options: TextOptions = {}) => {
  const base = z.string({ error: options.typeMessage ?? `${label} must be text` });
  // The character check is not `abort`: an aborted field would hold back the form's cross-field
  // rules (whenFieldsValid); it runs only if the length was fine, so a field reports one problem.
  return (options.untrimmed ? base : base.trim())
    .max(max, options.tooLongMessage ?? textTooLong(label, max))
    .refine((value) => hasOnlyAllowedCharacters(value, options.lines), {
      error: textNotAllowed(label),
      when: ifNoIssueYet,
    });
};

/** Text over several lines (bio, descriptions, chat): tab and line breaks allowed. */
export const longText = (label: string, max: number, options: Omit<TextOptions, 'lines'> = {}) =>
  text(label, max, { ...options, lines: true });

/** A text that must not be blank; `message` (the spec's) is also the answer to a missing value. */
export const requiredText = (message: string, label: string, max: number) =>
  text(label, max, { typeMessage: message }).min(1, message);

/**
 * A UUID, in its canonical lower case (issue 27: the same id in upper and mixed case made four
 * conversations for one pair; comparisons in code are of strings). Blank or missing gives
 * `requiredMessage` when there is one, anything else "<label> is not a valid id."
 */
export const uuid = (label: string, requiredMessage?: string) => {
  const invalid = idInvalid(label);
  return z
    .string({ error: requiredMessage ?? invalid })
    .trim()
    .max(UUID_LENGTH, invalid)
    .refine((value) => value.length > UUID_LENGTH || uuidFormat.safeParse(value).success, {
      error: (issue) => (issue.input === '' && requiredMessage ? requiredMessage : invalid),
      when: ifNoIssueYet,
    })
    .transform((value) => value.toLowerCase());
};

const uuidFormat = z.uuid();

/** A list of at most `max` items. */
export const list = <T extends z.ZodType>(label: string, item: T, max: number, message?: string) =>
  z.array(item).max(max, message ?? tooManyItems(label, max));

export const emailAddress = (message: string) =>
  z.string({ error: message }).trim().max(EMAIL_MAX, message).pipe(z.email(message));

const httpUrlFormat = (message?: string) => z.url({ protocol: /^https?$/, error: message });

const urlText = (message: string) =>
  z
    .string({ error: message })
    .refine((value) => hasOnlyAllowedCharacters(value), { error: message, abort: true })
    .trim()
    .max(URL_MAX, { error: textTooLong('URL', URL_MAX), abort: true });

export const httpUrl = (message: string) => urlText(message).pipe(httpUrlFormat(message));

const anyHttpUrl = httpUrlFormat();

/** For optional URL inputs: a form's empty field ('') or null means "no URL". */
export const optionalHttpUrl = (message: string) =>
  urlText(message)
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
