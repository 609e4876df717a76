// City, job and company, all required (spec section 5: 'City is required', 'Job is required',
// 'Company is required'), checked with the domain's CompleteProfileInput like the server does. The
// fields are the Edit Profile wizard's own, through the shared form flow (useSchemaForm). A city
// picked from the search also sends its place (`cityId`); typed text nobody picked is sent as text.
import { CompleteProfileInput } from '@community/domain';
import { Button, useSchemaForm } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { CityField, CompanyField, JobField } from '../../edit-profile/components/profile-fields.tsx';

type Fields = { city: string; job: string; company: string };

export type CompleteProfileSubmission = CompleteProfileInput & { cityId?: number };

export type CompleteProfileFormProps = {
  initialValues: Fields;
  onSubmit: (input: CompleteProfileSubmission) => Promise<void>;
};

export function CompleteProfileForm({ initialValues, onSubmit }: CompleteProfileFormProps) {
  const { values, fieldErrors, submitting, update, setValue, submit } = useSchemaForm({
    fields: ['city', 'cityId', 'job', 'company'],
    initial: { ...initialValues, cityId: null as number | null },
    parse: ({ cityId, ...input }) => {
      const parsed = CompleteProfileInput.safeParse(input);
      return parsed.success && cityId !== null ? { success: true, data: { ...parsed.data, cityId } } : parsed;
    },
    onSubmit,
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
    >
      <CityField
        initialText={values.city}
        onChange={({ city, cityId }) => {
          setValue('city', city);
          setValue('cityId', cityId);
        }}
        error={fieldErrors.city ?? fieldErrors.cityId}
      />
      <JobField label="Job" value={values.job} onChange={update('job')} error={fieldErrors.job} />
      <CompanyField value={values.company} onChange={update('company')} error={fieldErrors.company} />
      <Button type="submit" loading={submitting} className={css({ mt: '2' })}>
        Save and continue
      </Button>
    </form>
  );
}
