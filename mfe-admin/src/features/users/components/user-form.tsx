// The Add User / Edit User form (spec section 5): the UserFormInput fields, password and confirmation,
// and the feature checkboxes. Checked with the domain's UserFormInput, the schema the server applies,
// so the messages are the spec's ("First name is required", "Passwords do not match", ...). Errors the
// server finds (a taken email or pseudo) land on their fields too.
import { ApiError } from '@community/api-client';
import {
  ASSIGNABLE_ROLES,
  DEFAULT_ROLE,
  FEATURE_KEYS,
  type FeatureKey,
  toApiIssues,
  type User,
  UserFormInput,
} from '@community/domain';
import { Button, TextField } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type FormEvent, useState } from 'react';
import { DialogActions } from '../../../components/admin-dialog.tsx';
import { Checkbox } from '../../../components/checkbox.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { firstErrorPerField } from '../../../lib/form-errors.ts';
import { FEATURE_LABELS, ROLE_OPTIONS } from '../lib/feature-labels.ts';

type Role = (typeof ASSIGNABLE_ROLES)[number];
export type UserFormValues = {
  firstName: string;
  lastName: string;
  pseudo: string;
  email: string;
  job: string;
  company: string;
  role: Role;
  city: string;
  password: string;
  confirmPassword: string;
  features: FeatureKey[];
};
type TextKey = Exclude<keyof UserFormValues, 'role' | 'features'>;
const FIELDS = [
  'firstName',
  'lastName',
  'pseudo',
  'email',
  'job',
  'company',
  'role',
  'city',
  'password',
  'confirmPassword',
  'features',
] as const satisfies readonly (keyof UserFormValues)[];
type FieldErrors = Partial<Record<keyof UserFormValues, string>>;

const isAssignable = (role: string): role is Role => (ASSIGNABLE_ROLES as readonly string[]).includes(role);

/** Empty for Add User (role USER, every feature on); the user's current values for Edit. */
export function userFormValues(user?: User): UserFormValues {
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    pseudo: user?.pseudo ?? '',
    email: user?.email ?? '',
    job: user?.job ?? '',
    company: user?.company ?? '',
    role: user && isAssignable(user.role) ? user.role : DEFAULT_ROLE,
    city: user?.address.city ?? '',
    password: '',
    confirmPassword: '',
    features: user
      ? FEATURE_KEYS.filter((key) => user.features.some((f) => f.feature === key && f.enabled))
      : [...FEATURE_KEYS],
  };
}

const TEXT_INPUTS: { name: TextKey; label: string; type?: string; autoComplete?: string }[] = [
  { name: 'firstName', label: 'First Name', autoComplete: 'off' },
  { name: 'lastName', label: 'Last Name', autoComplete: 'off' },
  { name: 'pseudo', label: 'Pseudo', autoComplete: 'off' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
  { name: 'job', label: 'Job', autoComplete: 'off' },
  { name: 'company', label: 'Company', autoComplete: 'off' },
];

export type UserFormProps = {
  mode: 'add' | 'edit';
  initialValues: UserFormValues;
  onSubmit: (input: UserFormInput) => Promise<void>;
  onCancel: () => void;
};

export function UserForm({ mode, initialValues, onSubmit, onCancel }: UserFormProps) {
  const [values, setValues] = useState<UserFormValues>(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);

  function set<K extends keyof UserFormValues>(name: K, value: UserFormValues[K]) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({
      ...current,
      [name]: undefined,
      // The confirmation's "Passwords do not match" depends on both fields.
      ...(name === 'password' ? { confirmPassword: undefined } : {}),
    }));
  }

  function toggleFeature(feature: FeatureKey, on: boolean) {
    set(
      'features',
      FEATURE_KEYS.filter((key) => (key === feature ? on : values.features.includes(key))),
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = UserFormInput.safeParse(values);
    if (!parsed.success) {
      setErrors(firstErrorPerField(toApiIssues(parsed.error), FIELDS));
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      if (error instanceof ApiError) setErrors(firstErrorPerField(error.issues, FIELDS));
    } finally {
      setSubmitting(false);
    }
  }

  const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' });

  return (
    <form
      noValidate
      onSubmit={submit}
      className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
    >
      <div className={grid}>
        {TEXT_INPUTS.map(({ name, label, type, autoComplete }) => (
          <TextField
            key={name}
            label={label}
            name={name}
            type={type ?? 'text'}
            autoComplete={autoComplete}
            value={values[name]}
            onChange={(event) => set(name, event.target.value)}
            error={errors[name]}
          />
        ))}
        <SelectField
          label="Role"
          name="role"
          value={values.role}
          options={ROLE_OPTIONS}
          onChange={(event) => {
            const role = event.target.value;
            if (isAssignable(role)) set('role', role);
          }}
          error={errors.role}
        />
        <TextField
          label="City"
          name="city"
          autoComplete="off"
          value={values.city}
          onChange={(event) => set('city', event.target.value)}
          error={errors.city}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(event) => set('password', event.target.value)}
          error={errors.password}
          helperText={
            mode === 'edit' ? 'Leave empty to keep the current password' : 'Optional, at least 8 characters'
          }
        />
        <TextField
          label="Confirm Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={(event) => set('confirmPassword', event.target.value)}
          error={errors.confirmPassword}
        />
      </div>
      <fieldset
        aria-describedby={errors.features ? 'user-form-features-error' : undefined}
        className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}
      >
        <legend className={css({ textStyle: 'label', mb: '2' })}>Features</legend>
        <div
          className={css({
            display: 'grid',
            gridTemplateColumns: { base: '1fr 1fr', sm: 'repeat(4, 1fr)' },
            gap: '2',
          })}
        >
          {FEATURE_KEYS.map((feature) => (
            <Checkbox
              key={feature}
              label={FEATURE_LABELS[feature]}
              name="features"
              value={feature}
              checked={values.features.includes(feature)}
              onChange={(event) => toggleFeature(feature, event.target.checked)}
            />
          ))}
        </div>
        {errors.features ? (
          <span
            id="user-form-features-error"
            className={css({ textStyle: 'xs', color: 'danger.text', fontWeight: 'medium' })}
          >
            {errors.features}
          </span>
        ) : null}
      </fieldset>
      <DialogActions>
        <Button variant="outline" onClick={onCancel} disabled={submitting}>
          Cancel
        </Button>
        <Button type="submit" loading={submitting}>
          {mode === 'add' ? 'Add User' : 'Save Changes'}
        </Button>
      </DialogActions>
    </form>
  );
}
