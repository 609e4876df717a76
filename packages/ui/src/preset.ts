// The community design system as a Panda preset (Park UI's shape): tokens, semantic tokens, text styles,
// keyframes and the recipes the UI kit's components are styled with. Every app's panda config uses it,
// so class names and CSS variables are identical in the shell and in each micro-frontend.
import { definePreset } from '@pandacss/dev';
import { keyframes } from './theme/keyframes.ts';
import { recipes, slotRecipes } from './theme/recipes/index.ts';
import { semanticTokens } from './theme/semantic-tokens.ts';
import { textStyles } from './theme/text-styles.ts';
import { tokens } from './theme/tokens.ts';

export const communityPreset = definePreset({
  name: 'community',
  globalCss: {
    html: {
      colorPalette: 'accent',
      fontFamily: 'body',
      color: 'fg.default',
      bg: 'bg.canvas',
      lineHeight: '1.5',
      WebkitFontSmoothing: 'antialiased',
    },
    '*, *::before, *::after': { borderColor: 'border.default' },
  },
  conditions: {
    extend: {
      // A field is drawn invalid when the app says so (Ark's data-invalid, aria-invalid), never by the
      // browser's own validity: every form is `noValidate` and shows its errors after a submit
      // (use-schema-form), so an empty required box must not be red before anything was typed.
      // Panda's default also matches `:invalid`.
      invalid: '&:is([data-invalid], [aria-invalid=true])',
    },
  },
  theme: {
    extend: { tokens, semanticTokens, textStyles, keyframes, recipes, slotRecipes },
  },
});

export default communityPreset;
