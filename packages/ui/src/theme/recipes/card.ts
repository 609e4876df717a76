import { defineSlotRecipe } from '@pandacss/dev';

export const card = defineSlotRecipe({
  className: 'card',
  jsx: ['Card', 'Card.Root'],
  slots: ['root', 'header', 'body', 'footer', 'title', 'description'],
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      bg: 'bg.default',
      borderWidth: '1px',
      borderColor: 'border.default',
      borderRadius: 'l3',
      boxShadow: 'card',
      overflow: 'hidden',
      position: 'relative',
    },
    header: { display: 'flex', flexDirection: 'column', gap: '1', px: '5', pt: '5' },
    body: { display: 'flex', flexDirection: 'column', flex: '1', gap: '3', px: '5', py: '4' },
    footer: { display: 'flex', justifyContent: 'flex-end', gap: '3', px: '5', pb: '5' },
    title: { textStyle: 'lg', fontWeight: 'semibold', color: 'fg.default' },
    description: { textStyle: 'sm', color: 'fg.muted' },
  },
  defaultVariants: { variant: 'elevated' },
  variants: {
    variant: {
      elevated: {},
      outline: { root: { boxShadow: 'none' } },
      interactive: {
        root: {
          transitionProperty: 'box-shadow, border-color',
          transitionDuration: 'fast',
          _hover: { borderColor: 'border.emphasized', boxShadow: 'overlay' },
        },
      },
    },
  },
});
