import { defineRecipe } from '@pandacss/dev';

export const badge = defineRecipe({
  className: 'badge',
  jsx: ['Badge'],
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    borderRadius: 'full',
    fontWeight: 'medium',
    whiteSpace: 'nowrap',
    userSelect: 'none',
  },
  defaultVariants: { variant: 'subtle', size: 'sm' },
  variants: {
    variant: {
      solid: { bg: 'colorPalette.default', color: 'colorPalette.fg' },
      subtle: { bg: 'colorPalette.subtle', color: 'colorPalette.text' },
      outline: { borderWidth: '1px', borderColor: 'border.emphasized', color: 'fg.muted' },
    },
    size: {
      sm: { h: '5', px: '2', textStyle: 'xs' },
      md: { h: '6', px: '2.5', textStyle: 'sm' },
    },
  },
});
