import { fieldAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

export const field = defineSlotRecipe({
  className: 'field',
  jsx: ['Field', 'Field.Root'],
  slots: fieldAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', width: 'full' },
    label: { textStyle: 'label', color: 'fg.default', _disabled: { opacity: 0.5 } },
    requiredIndicator: { color: 'danger.default', ms: '0.5' },
    helperText: { textStyle: 'xs', color: 'fg.muted' },
    errorText: { textStyle: 'xs', color: 'danger.text', fontWeight: 'medium' },
    // Every Field.Textarea looks like the kit's inputs (the profile's Bio had no border at all).
    textarea: {
      w: 'full',
      minH: '24',
      px: '3',
      py: '2',
      textStyle: 'sm',
      bg: 'bg.default',
      borderWidth: '1px',
      borderColor: 'border.emphasized',
      borderRadius: 'l2',
      outline: 'none',
      resize: 'vertical',
      _focusVisible: { borderColor: 'accent.default', boxShadow: '0 0 0 1px {colors.accent.default}' },
      _invalid: { borderColor: 'danger.default' },
    },
  },
});
