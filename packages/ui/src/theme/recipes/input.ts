import { defineRecipe } from '@pandacss/dev';

export const input = defineRecipe({
  className: 'input',
  jsx: ['Input', 'Field.Input'],
  base: {
    appearance: 'none',
    width: 'full',
    minW: '0',
    bg: 'bg.default',
    color: 'fg.default',
    borderWidth: '1px',
    borderColor: 'border.emphasized',
    borderRadius: 'l2',
    outline: 'none',
    transitionProperty: 'border-color, box-shadow',
    transitionDuration: 'fast',
    _placeholder: { color: 'fg.subtle' },
    _focusVisible: {
      borderColor: 'colorPalette.default',
      boxShadow: '0 0 0 1px {colors.colorPalette.default}',
    },
    _invalid: {
      borderColor: 'danger.default',
      _focusVisible: { boxShadow: '0 0 0 1px {colors.danger.default}' },
    },
    _disabled: { opacity: 0.5, cursor: 'not-allowed' },
  },
  defaultVariants: { size: 'md' },
  variants: {
    size: {
      sm: { h: '8', px: '2.5', textStyle: 'sm' },
      md: { h: '10', px: '3', textStyle: 'sm' },
      lg: { h: '11', px: '3.5', textStyle: 'md' },
    },
  },
});
