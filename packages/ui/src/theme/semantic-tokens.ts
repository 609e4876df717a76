import { defineSemanticTokens } from '@pandacss/dev';

// Roles rather than hues, so a palette change touches this file only. `accent` is the default
// colorPalette (set on html in the preset), `danger`/`success`/`warning` are used by badges and toasts.
const palette = (hue: string) => ({
  default: { value: { base: `{colors.${hue}.600}`, _dark: `{colors.${hue}.500}` } },
  emphasized: { value: { base: `{colors.${hue}.700}`, _dark: `{colors.${hue}.400}` } },
  fg: { value: { base: '{colors.white}', _dark: '{colors.white}' } },
  text: { value: { base: `{colors.${hue}.700}`, _dark: `{colors.${hue}.300}` } },
  subtle: { value: { base: `{colors.${hue}.50}`, _dark: `{colors.${hue}.950}` } },
  muted: { value: { base: `{colors.${hue}.100}`, _dark: `{colors.${hue}.900}` } },
});

export const semanticTokens = defineSemanticTokens({
  colors: {
    bg: {
      canvas: { value: { base: '{colors.gray.50}', _dark: '{colors.gray.950}' } },
      default: { value: { base: '{colors.white}', _dark: '{colors.gray.900}' } },
      subtle: { value: { base: '{colors.gray.100}', _dark: '{colors.gray.800}' } },
      muted: { value: { base: '{colors.gray.200}', _dark: '{colors.gray.700}' } },
      emphasized: { value: { base: '{colors.gray.300}', _dark: '{colors.gray.600}' } },
      overlay: { value: { base: 'rgba(15, 23, 42, 0.45)', _dark: 'rgba(0, 0, 0, 0.6)' } },
    },
    fg: {
      default: { value: { base: '{colors.gray.900}', _dark: '{colors.gray.50}' } },
      muted: { value: { base: '{colors.gray.600}', _dark: '{colors.gray.300}' } },
      subtle: { value: { base: '{colors.gray.500}', _dark: '{colors.gray.400}' } },
      disabled: { value: { base: '{colors.gray.400}', _dark: '{colors.gray.500}' } },
    },
    border: {
      default: { value: { base: '{colors.gray.200}', _dark: '{colors.gray.700}' } },
      muted: { value: { base: '{colors.gray.100}', _dark: '{colors.gray.800}' } },
      emphasized: { value: { base: '{colors.gray.300}', _dark: '{colors.gray.600}' } },
    },
    accent: palette('indigo'),
    danger: palette('red'),
    success: palette('green'),
    warning: palette('amber'),
    neutral: palette('gray'),
    presence: {
      online: { value: '{colors.green.500}' },
      offline: { value: '{colors.gray.400}' },
    },
  },
  radii: {
    l1: { value: '{radii.sm}' },
    l2: { value: '{radii.md}' },
    l3: { value: '{radii.lg}' },
    l4: { value: '{radii.xl}' },
  },
  shadows: {
    xs: { value: '0 1px 2px 0 rgba(15, 23, 42, 0.06)' },
    card: { value: '0 1px 3px 0 rgba(15, 23, 42, 0.08), 0 1px 2px -1px rgba(15, 23, 42, 0.08)' },
    overlay: { value: '0 12px 32px -8px rgba(15, 23, 42, 0.25), 0 4px 8px -4px rgba(15, 23, 42, 0.1)' },
  },
});
