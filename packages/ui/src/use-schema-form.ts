// The one form flow every schema-checked form shares (the auth forms, the complete-profile page, the
// Edit Profile wizard): values per field, the first error per field (from the shared zod schema
// before sending, or from the server's `issues` after), the form's own message (the server's `error`,
// shown as it says it) and the submitting flag. Values are usually strings; a form may hold any
// value (a list of tags, a switch, a picked place's id) and turns them into its input in `parse`.
import { type ApiIssue, toApiIssues } from '@community/domain';
import { type FormEvent, useRef, useState } from 'react';
import { focusFirstInvalid } from './focus-first-invalid.ts';

type ParseResult<Input> =
  | { success: true; data: Input }
  | { success: false; error: Parameters<typeof toApiIssues>[0] };

type FormValues = Record<string, unknown>;
type FieldOf<Values> = keyof Values & string;
export type FieldErrors<Values> = Partial<Record<FieldOf<Values>, string>>;

export type SchemaFormOptions<Values extends FormValues, Input> = {
  /** The fields problems are shown on; a problem whose path starts with one (`interests.2`) is its. */
  fields: readonly FieldOf<Values>[];
  initial: Values;
  /**
   * May answer asynchronously, for a form whose schema is loaded on submit rather than with the page
   * (the sign-in form, ADR 0017); `validate` then cannot be used.
   */
  parse: (values: Values) => ParseResult<Input> | Promise<ParseResult<Input>>;
  onSubmit: (input: Input) => Promise<void>;
  /** Paths of problems that belong to no field on screen and are shown as the form's message. */
  formIssuePaths?: readonly string[];
  /** Told about the fields in error each time a check or the server finds some (a wizard shows their step). */
  onFieldErrors?: (errors: FieldErrors<Values>) => void;
};

/**
 * An API error answer (ApiError of @community/api-client: a message and the `issues`), recognised by
 * shape: the UI kit must not import the API client, or the federation would bundle a second copy of
 * that singleton into the kit's shared chunk.
 */
const isApiAnswer = (error: unknown): error is Error & { issues?: ApiIssue[] } =>
  error instanceof Error && Array.isArray((error as { issues?: unknown }).issues);

export function useSchemaForm<Values extends FormValues, Input>(options: SchemaFormOptions<Values, Input>) {
  const { fields, initial, parse, onSubmit, formIssuePaths = [], onFieldErrors } = options;
  const [values, setValues] = useState<Values>(initial);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Values>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The latest values, for checks that run right after a change in the same event.
  const latest = useRef(values);
  latest.current = values;

  const fieldOf = (path: string) => fields.find((name) => path === name || path.startsWith(`${name}.`));

  const firstErrorPerField = (issues: readonly ApiIssue[], only?: readonly FieldOf<Values>[]) => {
    const errors: FieldErrors<Values> = {};
    for (const { path, message } of issues) {
      const field = fieldOf(path);
      if (field && !errors[field] && (!only || only.includes(field))) errors[field] = message;
    }
    return errors;
  };

  const showErrors = (errors: FieldErrors<Values>) => {
    setFieldErrors((current) => ({ ...current, ...errors }));
    if (Object.keys(errors).length > 0) onFieldErrors?.(errors);
  };

  const setValue = <Field extends FieldOf<Values>>(field: Field, value: Values[Field]) => {
    latest.current = { ...latest.current, [field]: value };
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** For inputs: `onChange={update('email')}`. */
  const update = (field: FieldOf<Values>) => (event: { target: { value: string } }) =>
    setValue(field, event.target.value as Values[typeof field]);

  /**
   * Checks only `only` (a wizard step's fields) with the same schema, showing their problems.
   * True when none of them has one.
   */
  function validate(only: readonly FieldOf<Values>[]): boolean {
    const parsed = parse(latest.current);
    if (parsed instanceof Promise) throw new Error('validate() needs a synchronous parse');
    if (parsed.success) return true;
    const errors = firstErrorPerField(toApiIssues(parsed.error), only);
    showErrors(errors);
    return Object.keys(errors).length === 0;
  }

  async function submit(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    const form = event?.currentTarget ?? null;
    setFormError(null);
    let parsed: ParseResult<Input>;
    try {
      parsed = await parse(latest.current);
    } catch {
      // A schema loaded on submit could not be fetched (offline): say so instead of doing nothing.
      setFormError('Something went wrong');
      return;
    }
    if (!parsed.success) {
      const issues = toApiIssues(parsed.error);
      setFieldErrors({});
      showErrors(firstErrorPerField(issues));
      const formIssue = issues.find((issue) => formIssuePaths.includes(issue.path));
      if (formIssue) setFormError(formIssue.message);
      focusFirstInvalid(form);
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      if (isApiAnswer(error)) {
        setFieldErrors({});
        showErrors(firstErrorPerField(error.issues ?? []));
        setFormError(error.message);
        focusFirstInvalid(form);
      } else {
        setFormError('Something went wrong');
      }
    } finally {
      setSubmitting(false);
    }
  }

  return { values, fieldErrors, formError, submitting, update, setValue, validate, submit };
}
