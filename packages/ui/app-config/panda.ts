// How an app (shell or micro-frontend) generates its CSS with Panda's PostCSS plugin. All apps share the
// one `styled-system` runtime generated in packages/ui (imported as `@community/ui/styled-system/*`,
// hence `importMap`), but each app extracts the styles used in its own files:
// - the host (shell) emits the CSS reset, the tokens, global styles, keyframes, every recipe and the
//   UI kit's own styles (the UI kit is a federation singleton provided by the shell, so its CSS is too);
// - a remote (micro-frontend) emits only the atomic utilities and recipe variants found in its own src,
//   so nothing the shell already ships is downloaded twice.
import type { Config } from '@pandacss/dev';
import { communityPreset } from '../src/preset.ts';

type AppRole = 'host' | 'remote';

// Apps live one level below the repository root (shell/, mfe-*/), and Panda resolves globs from the
// app's folder.
const UI_KIT_SOURCES = '../packages/ui/src/**/*.{ts,tsx}';
// The shell also extracts every micro-frontend's classes, so they come out once, in Panda's order
// (base before responsive, shorthand before longhand); see postcss-mfe-layer.js for why.
const MICRO_FRONTEND_SOURCES = '../mfe-*/src/**/*.{ts,tsx}';
const BASELINE_ARTIFACTS = new Set(['reset', 'tokens', 'global', 'keyframes', 'static']);

export function definePandaAppConfig(role: AppRole): Config {
  const shared: Config = {
    presets: ['@pandacss/preset-base', '@pandacss/preset-panda', communityPreset],
    importMap: '@community/ui/styled-system',
    exclude: [
      './src/**/*.test.{ts,tsx}',
      '../packages/ui/src/**/*.test.{ts,tsx}',
      '../mfe-*/src/**/*.test.{ts,tsx}',
    ],
    // Apps never run `panda codegen`; this only keeps a stray run from writing into src.
    outdir: 'styled-system',
  };
  if (role === 'host') {
    return {
      ...shared,
      preflight: true,
      include: ['./src/**/*.{ts,tsx}', UI_KIT_SOURCES, MICRO_FRONTEND_SOURCES],
      // Remotes style their parts with recipes too; the shell ships every variant once for all of them.
      staticCss: { recipes: '*' },
    };
  }
  return {
    ...shared,
    preflight: false,
    include: ['./src/**/*.{ts,tsx}'],
    hooks: {
      'cssgen:done': ({ artifact, content }) => (BASELINE_ARTIFACTS.has(artifact) ? '' : content),
    },
  };
}
