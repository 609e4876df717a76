// City, job and company, all required (spec section 5: 'City is required', 'Job is required',
// 'Company is required'), checked with the domain's CompleteProfileInput like the server does.
import { ApiError } from '@community/api-client';
import { CompleteProfileInput, toApiIssues } from '@community/domain';
import { Button, TextField } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type FormEvent, useState } from 'react';

type Fields = { city: string; job: string; company: string };
const FIELD_NAMES = ['city', 'job', 'company'] as const;
type FieldErrors = Partial<Record<keyof Fields, string>>;

function firstErrorPerField(issues: { path: string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { path, message } of issues) {
    const field = FIELD_NAMES.find((name) => name === path);
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
}

export type CompleteProfileFormProps = {
  initialValues: Fields;
  onSubmit: (input: CompleteProfileInput) => Promise<void>;
};

export function CompleteProfileForm({ initialValues, onSubmit }: CompleteProfileFormProps) {
  const [values, setValues] = useState<Fields>(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);

  const update = (field: keyof Fields) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = CompleteProfileInput.safeParse(values);
    if (!parsed.success) {
      setErrors(firstErrorPerField(toApiIssues(parsed.error)));
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      if (error instanceof ApiError) setErrors(firstErrorPerField(error.issues));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
    >
      <TextField
        label="City"
        name="city"
        autoComplete="address-level2"
        value={values.city}
        onChange={update('city')}
        error={errors.city}
      />
      <TextField
        label="Job"
        name="job"
        autoComplete="organization-title"
        value={values.job}
        onChange={update('job')}
        error={errors.job}
      />
      <TextField
        label="Company"
        name="company"
        autoComplete="organization"
        value={values.company}
        onChange={update('company')}
        error={errors.company}
      />
      <Button type="submit" loading={submitting} className={css({ mt: '2' })}>
        Save and continue
      </Button>
    </form>
  );
}
