import { defineRecipe } from '@pandacss/dev';

export const button = defineRecipe({
  className: 'button',
  jsx: ['Button'],
  base: {
    appearance: 'none',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    borderRadius: 'l2',
    fontWeight: 'semibold',
    whiteSpace: 'nowrap',
    userSelect: 'none',
    cursor: 'pointer',
    outline: 'none',
    transitionProperty: 'background, border-color, color, box-shadow',
    transitionDuration: 'fast',
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '2px' },
    _disabled: { opacity: 0.5, cursor: 'not-allowed' },
    '& svg': { width: '1em', height: '1em', flexShrink: 0 },
  },
  defaultVariants: { variant: 'solid', size: 'md' },
  variants: {
    variant: {
      solid: {
        bg: 'colorPalette.default',
        color: 'colorPalette.fg',
        _hover: { _enabled: { bg: 'colorPalette.emphasized' } },
      },
      outline: {
        borderWidth: '1px',
        borderColor: 'border.emphasized',
        bg: 'bg.default',
        color: 'fg.default',
        _hover: { _enabled: { bg: 'bg.subtle' } },
      },
      subtle: {
        bg: 'colorPalette.subtle',
        color: 'colorPalette.text',
        _hover: { _enabled: { bg: 'colorPalette.muted' } },
      },
      ghost: {
        bg: 'transparent',
        color: 'fg.default',
        _hover: { _enabled: { bg: 'bg.subtle' } },
      },
      link: {
        bg: 'transparent',
        color: 'colorPalette.text',
        px: '0!',
        h: 'auto!',
        _hover: { textDecoration: 'underline' },
      },
    },
    size: {
      xs: { h: '7', px: '2', textStyle: 'xs' },
      sm: { h: '8', px: '3', textStyle: 'sm' },
      md: { h: '10', px: '4', textStyle: 'sm' },
      lg: { h: '11', px: '5', textStyle: 'md' },
      icon: { h: '9', w: '9', p: '0', borderRadius: 'full' },
    },
  },
});
