// Ark UI's Field wires label, input, helper and error text together (ids, aria-invalid, aria-describedby).
// `TextField` is the everyday shortcut: a labelled input with its error message under it.
import { Field as ArkField } from '@ark-ui/react/field';
import { cx } from '@community/ui/styled-system/css';
import { field, type InputVariantProps, input } from '@community/ui/styled-system/recipes';
import type { ComponentProps, ReactNode } from 'react';
import { createStyleContext } from '../lib/create-style-context.tsx';

const { withProvider, withContext } = createStyleContext(field);

const FieldInput = ({
  className,
  ...props
}: Omit<ComponentProps<typeof ArkField.Input>, 'size'> & InputVariantProps) => {
  const [variantProps, rest] = input.splitVariantProps(props);
  return <ArkField.Input className={cx(input(variantProps), className)} {...rest} />;
};

export const Field = {
  Root: withProvider(ArkField.Root, 'root'),
  Label: withContext(ArkField.Label, 'label'),
  Input: FieldInput,
  Textarea: withContext(ArkField.Textarea, 'textarea'),
  HelperText: withContext(ArkField.HelperText, 'helperText'),
  ErrorText: withContext(ArkField.ErrorText, 'errorText'),
  RequiredIndicator: withContext(ArkField.RequiredIndicator, 'requiredIndicator'),
};

export type TextFieldProps = Omit<ComponentProps<typeof FieldInput>, 'children'> & {
  label: ReactNode;
  /** The message under the input; the field is marked invalid while it is set. */
  error?: string | undefined;
  helperText?: ReactNode;
};

export function TextField({
  label,
  error,
  helperText,
  required,
  disabled,
  className,
  ...inputProps
}: TextFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled} className={className}>
      <Field.Label>{label}</Field.Label>
      <Field.Input {...inputProps} />
      {helperText && !error ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
