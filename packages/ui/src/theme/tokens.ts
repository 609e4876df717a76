import { defineTokens } from '@pandacss/dev';

// Raw values only; components refer to the semantic tokens (semantic-tokens.ts) instead.
export const tokens = defineTokens({
  fonts: {
    body: { value: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
    heading: { value: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
    mono: { value: 'ui-monospace, SFMono-Regular, Menlo, monospace' },
  },
  durations: {
    fast: { value: '120ms' },
    normal: { value: '200ms' },
    slow: { value: '300ms' },
  },
  easings: {
    default: { value: 'cubic-bezier(0.2, 0, 0, 1)' },
  },
  sizes: {
    sidebar: { value: '16rem' },
    topbar: { value: '3.5rem' },
    sidePanel: { value: '28rem' },
  },
});
