// The space form (spec section 5) for createServer and editSpace: name, description (3 to 250
// characters), type PUBLIC or PRIVATE and colour, checked with the domain's CreateSpaceInput /
// UpdateSpaceInput, so the browser shows the same messages the server would send back.
import { type ApiIssue, isApiError } from '@community/api-client';
import {
  CreateSpaceInput,
  SPACE_DESCRIPTION_MAX,
  SPACE_FORM_DEFAULTS,
  SPACE_FORM_TYPES,
  toApiIssues,
  UpdateSpaceInput,
} from '@community/domain';
import { Button, Field, TextField } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type FormEvent, useId, useState } from 'react';
import { SPACE_TYPE_LABELS } from '../lib/space-type.ts';

export type SpaceFormValues = { name: string; description: string; type: string; color: string };
type FieldName = keyof SpaceFormValues;
type FieldErrors = Partial<Record<FieldName, string>>;
const FIELD_NAMES: FieldName[] = ['name', 'description', 'type', 'color'];

export function fieldErrorsOf(issues: readonly ApiIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { path, message } of issues) {
    const field = FIELD_NAMES.find((name) => name === path);
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
}

export const SPACE_FORM_INITIAL: SpaceFormValues = {
  name: SPACE_FORM_DEFAULTS.name ?? '',
  description: SPACE_FORM_DEFAULTS.description ?? '',
  type: SPACE_FORM_DEFAULTS.type ?? 'PRIVATE',
  color: SPACE_FORM_DEFAULTS.color ?? '#3B82F6',
};

export type SpaceFormProps = {
  mode: 'create' | 'edit';
  initialValues?: SpaceFormValues;
  /** A paid space keeps its type: the form offers only PUBLIC and PRIVATE. */
  typeEditable?: boolean;
  submitLabel: string;
  onSubmit: (input: CreateSpaceInput | UpdateSpaceInput) => Promise<void>;
  onCancel: () => void;
};

export function SpaceForm({
  mode,
  initialValues = SPACE_FORM_INITIAL,
  typeEditable = true,
  submitLabel,
  onSubmit,
  onCancel,
}: SpaceFormProps) {
  const [values, setValues] = useState<SpaceFormValues>(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const typeLabelId = useId();

  const set = (field: FieldName, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { type, ...rest } = values;
    const body = typeEditable ? values : rest;
    const parsed = mode === 'create' ? CreateSpaceInput.safeParse(body) : UpdateSpaceInput.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(toApiIssues(parsed.error)));
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      // The dialog tells the user with a toast; the fields show what the server said about them.
      if (isApiError(error)) setErrors(fieldErrorsOf(error.issues));
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
        label="Name"
        name="name"
        autoComplete="off"
        value={values.name}
        onChange={(event) => set('name', event.target.value)}
        error={errors.name}
      />
      <Field.Root invalid={Boolean(errors.description)}>
        <Field.Label>Description</Field.Label>
        <Field.Textarea
          name="description"
          value={values.description}
          onChange={(event) => set('description', event.target.value)}
        />
        <Field.HelperText>
          {values.description.trim().length}/{SPACE_DESCRIPTION_MAX}
        </Field.HelperText>
        <Field.ErrorText>{errors.description}</Field.ErrorText>
      </Field.Root>
      {typeEditable ? (
        <fieldset className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
          <legend id={typeLabelId} className={css({ textStyle: 'label', mb: '1.5' })}>
            Type
          </legend>
          <div role="radiogroup" aria-labelledby={typeLabelId} className={css({ display: 'flex', gap: '4' })}>
            {SPACE_FORM_TYPES.map((type) => (
              <label
                key={type}
                className={css({
                  display: 'inline-flex',
                  alignItems: 'center',
                  gap: '2',
                  textStyle: 'sm',
                  cursor: 'pointer',
                })}
              >
                <input
                  type="radio"
                  name="type"
                  value={type}
                  checked={values.type === type}
                  onChange={() => set('type', type)}
                  className={css({ accentColor: 'accent.default', w: '4', h: '4' })}
                />
                {SPACE_TYPE_LABELS[type]}
              </label>
            ))}
          </div>
          {errors.type ? (
            <p role="alert" className={css({ textStyle: 'xs', color: 'danger.text', fontWeight: 'medium' })}>
              {errors.type}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <Field.Root invalid={Boolean(errors.color)}>
        <Field.Label>Color</Field.Label>
        <div className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
          <input
            type="color"
            aria-label="Pick a color"
            value={/^#[0-9a-fA-F]{6}$/.test(values.color) ? values.color : '#000000'}
            onChange={(event) => set('color', event.target.value.toUpperCase())}
            className={css({
              w: '10',
              h: '10',
              p: '0.5',
              borderWidth: '1px',
              borderRadius: 'l2',
              cursor: 'pointer',
              bg: 'bg.default',
            })}
          />
          <Field.Input
            name="color"
            value={values.color}
            onChange={(event) => set('color', event.target.value)}
          />
        </div>
        <Field.ErrorText>{errors.color}</Field.ErrorText>
      </Field.Root>
      <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '2', pt: '2' })}>
        <Button variant="outline" onClick={onCancel} disabled={submitting}>
          Cancel
        </Button>
        <Button type="submit" loading={submitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
