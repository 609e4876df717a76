// The state and submit flow the auth forms share: values per field, the first error per field (from
// the shared zod schema before sending, or from the server's `issues` after), the form's own
// message (the server's `error`, shown as it says it) and the submitting flag.
import { ApiError } from '@community/api-client';
import { type ApiIssue, toApiIssues } from '@community/domain';
import { type FormEvent, useState } from 'react';

type ParseResult<Input> =
  | { success: true; data: Input }
  | { success: false; error: Parameters<typeof toApiIssues>[0] };

export type SchemaFormOptions<Field extends string, Input> = {
  fields: readonly Field[];
  initial: Record<Field, string>;
  parse: (values: Record<Field, string>) => ParseResult<Input>;
  onSubmit: (input: Input) => Promise<void>;
  /** Paths of problems that belong to no field on screen and are shown as the form's message. */
  formIssuePaths?: readonly string[];
};

export function useSchemaForm<Field extends string, Input>(options: SchemaFormOptions<Field, Input>) {
  const { fields, initial, parse, onSubmit, formIssuePaths = [] } = options;
  const [values, setValues] = useState<Record<Field, string>>(initial);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const firstErrorPerField = (issues: readonly ApiIssue[]) => {
    const errors: Partial<Record<Field, string>> = {};
    for (const { path, message } of issues) {
      const field = fields.find((name) => name === path);
      if (field && !errors[field]) errors[field] = message;
    }
    return errors;
  };

  const update = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = parse(values);
    if (!parsed.success) {
      const issues = toApiIssues(parsed.error);
      setFieldErrors(firstErrorPerField(issues));
      const formIssue = issues.find((issue) => formIssuePaths.includes(issue.path));
      if (formIssue) setFormError(formIssue.message);
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      if (error instanceof ApiError) {
        setFieldErrors(firstErrorPerField(error.issues ?? []));
        setFormError(error.message);
      } else {
        setFormError('Something went wrong');
      }
    } finally {
      setSubmitting(false);
    }
  }

  return { values, fieldErrors, formError, submitting, update, submit };
}
