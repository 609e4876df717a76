// The Edit Profile wizard (spec sections 2 and 4): four steps with a progress bar and the step's
// title, Previous (disabled at step 0), Next (checks the step's fields with the profile schema before
// moving on) and Save Changes on the last step. Save sends only what changed: nothing changed says
// "No changes" and sends nothing; problems the server finds are shown on their fields, on their step.
import { isApiError, referenceOf, session } from '@community/api-client';
import {
  type Clock,
  hasFeature,
  LONG_TEXT_MAX,
  PROFILE_NO_CHANGES,
  PROFILE_NO_CHANGES_DESCRIPTION,
  PROFILE_UPDATE_FAILED,
  PROFILE_UPDATE_FAILED_DESCRIPTION,
  PROFILE_UPDATED,
  PROFILE_UPDATED_DESCRIPTION,
  type UpdateProfileInput,
  type User,
} from '@community/domain';
import { Button, Field, TextField, toast, useSchemaForm } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { updateProfile } from '../api/update-profile.ts';
import {
  browserTimeZone,
  dateOfBirthBounds,
  firstStepOf,
  PROFILE_FIELDS,
  type ProfileField,
  parseProfileChanges,
  toFormValues,
  WIZARD_STEPS,
} from '../lib/profile-form-values.ts';
import { DigestField } from './digest-field.tsx';
import { ImageField } from './image-field.tsx';
import { InterestsField } from './interests-field.tsx';
import { PhoneField } from './phone-field.tsx';
import { CityField, CompanyField, JobField } from './profile-fields.tsx';
import { SettingSwitch, ShowOnProfileSwitch } from './show-on-profile-switch.tsx';

export type ProfileWizardProps = {
  user: User;
  /** After a successful save, with the saved profile (the dialog closes). */
  onSaved: (user: User) => void;
  /** Today, for the date of birth's upper bound (tests pass a fixed day). */
  now?: Clock;
};

const LAST_STEP = WIZARD_STEPS.length - 1;
const column = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const pair = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' });

export function ProfileWizard({ user, onSaved, now = () => new Date() }: ProfileWizardProps) {
  const canUpload = hasFeature(useSnapshot(session).user, 'content');
  const id = useId();
  const initial = useMemo(() => toFormValues(user), [user]);
  const [step, setStep] = useState(0);

  async function save(changes: UpdateProfileInput) {
    if (Object.keys(changes).length === 0) {
      toast.info(PROFILE_NO_CHANGES, PROFILE_NO_CHANGES_DESCRIPTION);
      return;
    }
    try {
      const { user: saved } = await updateProfile(user.id, changes);
      // The session's user feeds the top bar and the own profile panel: they show the change at once.
      session.user = saved;
      toast.success(PROFILE_UPDATED, PROFILE_UPDATED_DESCRIPTION);
      onSaved(saved);
    } catch (error) {
      if (isApiError(error) && error.message === PROFILE_NO_CHANGES) {
        toast.info(PROFILE_NO_CHANGES, PROFILE_NO_CHANGES_DESCRIPTION);
        return;
      }
      toast.error(PROFILE_UPDATE_FAILED, PROFILE_UPDATE_FAILED_DESCRIPTION, {
        reference: referenceOf(error),
      });
      throw error;
    }
  }

  const { values, fieldErrors, formError, submitting, update, setValue, validate, submit } = useSchemaForm({
    fields: PROFILE_FIELDS,
    initial,
    parse: (current) =>
      parseProfileChanges(current, initial, now, {
        browser: browserTimeZone(),
        stored: user.timeZone ?? null,
      }),
    onSubmit: save,
    // Jump back to the first step with a problem (Save checks every step; the server may refuse any field).
    onFieldErrors: (errors) => {
      const target = firstStepOf(Object.keys(errors) as ProfileField[]);
      if (target !== null) setStep((current) => Math.min(current, target));
    },
  });

  const next = () => {
    if (validate(WIZARD_STEPS[step]?.fields ?? [])) setStep((current) => Math.min(current + 1, LAST_STEP));
  };
  // Enter in a field moves on like Next; only the last step saves.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (step === LAST_STEP) return void submit(event);
    event.preventDefault();
    next();
  };

  const emailChanged = values.email.trim() !== initial.email;
  const bounds = dateOfBirthBounds(now);
  const title = WIZARD_STEPS[step]?.title ?? '';

  return (
    <form noValidate onSubmit={onSubmit} className={column}>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <div
          role="progressbar"
          aria-label="Edit profile progress"
          aria-valuemin={1}
          aria-valuemax={WIZARD_STEPS.length}
          aria-valuenow={step + 1}
          aria-valuetext={`Step ${step + 1} of ${WIZARD_STEPS.length}: ${title}`}
          className={css({ h: '2', bg: 'bg.muted', borderRadius: 'full', overflow: 'hidden' })}
        >
          <div
            className={css({ h: 'full', bg: 'accent.default', transition: 'width 0.2s' })}
            style={{ width: `${((step + 1) / WIZARD_STEPS.length) * 100}%` }}
          />
        </div>
        <p className={css({ textStyle: 'xs', color: 'fg.muted' })}>
          Step {step + 1} of {WIZARD_STEPS.length}
        </p>
        <h3 className={css({ textStyle: 'md', fontWeight: 'semibold' })}>{title}</h3>
      </div>

      {formError && !Object.values(fieldErrors).some(Boolean) ? (
        <p role="alert" className={css({ textStyle: 'sm', color: 'danger.text' })}>
          {formError}
        </p>
      ) : null}

      {step === 0 ? (
        <div className={column}>
          {/* The photo pickers upload: they need the `content` feature (docs/features.md). */}
          {canUpload ? (
            <>
              <ImageField
                id={`${id}-image`}
                label="Profile image"
                shape="avatar"
                value={values.imageUrl}
                onChange={(url) => setValue('imageUrl', url)}
                error={fieldErrors.imageUrl}
              />
              <ImageField
                id={`${id}-cover`}
                label="Cover image"
                shape="cover"
                value={values.coverImageUrl}
                onChange={(url) => setValue('coverImageUrl', url)}
                error={fieldErrors.coverImageUrl}
              />
            </>
          ) : null}
          <div className={pair}>
            <TextField
              label="First Name"
              name="firstName"
              autoComplete="given-name"
              value={values.firstName}
              onChange={update('firstName')}
              error={fieldErrors.firstName}
            />
            <TextField
              label="Last Name"
              name="lastName"
              autoComplete="family-name"
              value={values.lastName}
              onChange={update('lastName')}
              error={fieldErrors.lastName}
            />
          </div>
          <TextField
            label="Pseudo"
            name="pseudo"
            autoComplete="nickname"
            value={values.pseudo}
            onChange={update('pseudo')}
            error={fieldErrors.pseudo}
          />
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              value={values.email}
              onChange={update('email')}
              error={fieldErrors.email}
            />
            <ShowOnProfileSwitch
              what="email"
              checked={values.showEmail}
              onChange={(checked) => setValue('showEmail', checked)}
            />
            <SettingSwitch
              checked={values.emailMessages}
              onChange={(checked) => setValue('emailMessages', checked)}
            >
              Email me when direct messages wait for me while I'm away
            </SettingSwitch>
            <SettingSwitch
              checked={values.emailMentions}
              onChange={(checked) => setValue('emailMentions', checked)}
            >
              Email me when I'm mentioned or my posts get comments while I'm away
            </SettingSwitch>
            <SettingSwitch
              checked={values.emailEvents}
              onChange={(checked) => setValue('emailEvents', checked)}
            >
              Email me reminders and cancellations of events I'm going to
            </SettingSwitch>
            <DigestField
              id="profile-email-digest"
              value={values.emailDigest}
              onChange={(value) => setValue('emailDigest', value)}
            />
          </div>
          {emailChanged ? (
            <TextField
              label="Current password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
              helperText="Needed to change your email; your other sessions will be signed out."
              value={values.currentPassword}
              onChange={update('currentPassword')}
              error={fieldErrors.currentPassword}
            />
          ) : null}
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
            <PhoneField
              id={`${id}-phone`}
              country={values.phoneCountry}
              national={values.phone}
              onCountryChange={(country) => setValue('phoneCountry', country)}
              onNationalChange={(national) => setValue('phone', national)}
              error={fieldErrors.phone}
            />
            <ShowOnProfileSwitch
              what="phone number"
              checked={values.showPhone}
              onChange={(checked) => setValue('showPhone', checked)}
            />
          </div>
          <TextField
            label="Date of Birth"
            name="dateOfBirth"
            type="date"
            min={bounds.min}
            max={bounds.max}
            value={values.dateOfBirth}
            onChange={update('dateOfBirth')}
            error={fieldErrors.dateOfBirth}
          />
        </div>
      ) : step === 1 ? (
        <div className={column}>
          <JobField value={values.job} onChange={update('job')} error={fieldErrors.job} />
          <CompanyField value={values.company} onChange={update('company')} error={fieldErrors.company} />
        </div>
      ) : step === 2 ? (
        <CityField
          initialText={values.city}
          onChange={({ city, cityId }) => {
            setValue('city', city);
            setValue('cityId', cityId);
          }}
          error={fieldErrors.cityId ?? fieldErrors.city}
        />
      ) : (
        <div className={column}>
          <Field.Root invalid={Boolean(fieldErrors.bio)}>
            <Field.Label>Bio</Field.Label>
            <Field.Textarea name="bio" rows={5} value={values.bio} onChange={update('bio')} />
            <p
              aria-live="polite"
              className={css({
                textStyle: 'xs',
                textAlign: 'end',
                color: values.bio.length > LONG_TEXT_MAX ? 'danger.text' : 'fg.muted',
              })}
            >
              {values.bio.length} / {LONG_TEXT_MAX}
            </p>
            <Field.ErrorText>{fieldErrors.bio}</Field.ErrorText>
          </Field.Root>
          <InterestsField
            id={`${id}-interests`}
            value={values.interests}
            onChange={(interests) => setValue('interests', interests)}
            error={fieldErrors.interests}
          />
        </div>
      )}

      <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '2', pt: '2' })}>
        <Button
          variant="outline"
          disabled={step === 0}
          onClick={() => setStep((current) => Math.max(current - 1, 0))}
        >
          Previous
        </Button>
        {/* Distinct keys: reusing one <button> would turn Next into a submit button during its own
            click on the step before the last, and the browser would then submit the form. */}
        {step < LAST_STEP ? (
          <Button key="next" type="button" onClick={next}>
            Next
          </Button>
        ) : (
          <Button key="save" type="submit" loading={submitting}>
            Save Changes
          </Button>
        )}
      </div>
    </form>
  );
}
