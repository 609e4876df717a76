import { avatarAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

/**
 * The hues an avatar without a picture is drawn in, one per member (avatar.tsx `avatarToneOf`): a
 * light tint with its darkest shade for the initials (a dark tint with a light one in dark mode),
 * above 7:1 contrast either way (avatar.test.tsx checks).
 */
export const AVATAR_TONES = [
  'blue',
  'violet',
  'pink',
  'orange',
  'emerald',
  'teal',
  'amber',
  'rose',
  'cyan',
  'indigo',
] as const;

// Typed loosely: Panda's style type over ten computed selectors is too large for the checker.
const toneStyles: Record<string, object> = Object.fromEntries(
  AVATAR_TONES.map((tone) => [
    `&[data-tone=${tone}]`,
    {
      bg: { base: `${tone}.100`, _dark: `${tone}.900` },
      color: { base: `${tone}.900`, _dark: `${tone}.100` },
    },
  ]),
);

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
      ...toneStyles,
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
