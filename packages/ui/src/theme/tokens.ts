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
  // The named layers the components use (zIndex: 'sticky', …). Panda's presets define none: without
  // these, `z-index: sticky` was no z-index at all and page content (a map's zoom buttons, a banner)
  // painted over the fixed top and tab bars (issue 26).
  zIndex: {
    hide: { value: -1 },
    base: { value: 0 },
    docked: { value: 10 },
    dropdown: { value: 1000 },
    sticky: { value: 1100 },
    banner: { value: 1200 },
    overlay: { value: 1300 },
    modal: { value: 1400 },
    popover: { value: 1500 },
    skipLink: { value: 1600 },
    toast: { value: 1700 },
    tooltip: { value: 1800 },
  },
  sizes: {
    sidebar: { value: '16rem' },
    topbar: { value: '3.5rem' },
    sidePanel: { value: '28rem' },
  },
});
