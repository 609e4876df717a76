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
  },
});
