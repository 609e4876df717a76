import { avatarAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

export const avatar = defineSlotRecipe({
  className: 'avatar',
  jsx: ['Avatar', 'Avatar.Root'],
  slots: avatarAnatomy.keys(),
  base: {
    root: {
      position: 'relative',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      flexShrink: 0,
      borderRadius: 'full',
      bg: 'colorPalette.muted',
      color: 'colorPalette.text',
      fontWeight: 'semibold',
      userSelect: 'none',
      overflow: 'hidden',
    },
    image: { width: 'full', height: 'full', objectFit: 'cover' },
    fallback: { textTransform: 'uppercase', lineHeight: '1' },
  },
  defaultVariants: { size: 'md' },
  variants: {
    size: {
      xs: { root: { w: '6', h: '6', textStyle: 'xs' } },
      sm: { root: { w: '8', h: '8', textStyle: 'xs' } },
      md: { root: { w: '10', h: '10', textStyle: 'sm' } },
      lg: { root: { w: '14', h: '14', textStyle: 'lg' } },
      xl: { root: { w: '20', h: '20', textStyle: '2xl' } },
    },
  },
});
