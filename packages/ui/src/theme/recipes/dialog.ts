import { dialogAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

// `placement: 'end'` turns the dialog into a side panel (drawer) docked to the right edge, used by the
// profile panel; `center` is the classic modal. On phones (below md) a modal of size md, lg or xl takes
// the whole screen (docs/product-decisions.md, "Navigation"); a small one (a confirmation) stays a
// card that fits the screen's width. The sizes carry these shapes, so no two variants set the same
// property (their order in the style sheet would decide).
/** A modal `width` wide from md up, the whole screen below. */
const modal = (width: string) =>
  ({
    w: { base: '100vw', md: width },
    h: { base: '100dvh', md: 'auto' },
    maxH: { base: '100dvh', md: 'calc(100dvh - 2rem)' },
    borderRadius: { base: '0', md: 'l3' },
  }) as const;

export const dialog = defineSlotRecipe({
  className: 'dialog',
  jsx: ['Dialog', 'Dialog.Root'],
  slots: dialogAnatomy.keys(),
  base: {
    // A dialog opened from another (Cancel event from the calendar's event popup) is one layer up:
    // its backdrop dims the dialog below and its box is above it. Ark marks the backdrop and the
    // positioner of a dialog opened over another with `data-nested`.
    backdrop: {
      position: 'fixed',
      inset: '0',
      bg: 'bg.overlay',
      zIndex: 'overlay',
      '&[data-nested]': { zIndex: 'popover' },
      _open: { animation: 'fade-in {durations.normal} {easings.default}' },
      _closed: { animation: 'fade-out {durations.fast} {easings.default}' },
    },
    positioner: {
      position: 'fixed',
      inset: '0',
      display: 'flex',
      zIndex: 'modal',
      '&[data-nested]': { zIndex: 'popover' },
      overscrollBehavior: 'contain',
    },
    content: {
      position: 'relative',
      display: 'flex',
      flexDirection: 'column',
      bg: 'bg.default',
      boxShadow: 'overlay',
      outline: 'none',
      overflow: 'hidden',
    },
    title: { textStyle: 'lg', fontWeight: 'semibold', color: 'fg.default' },
    description: { textStyle: 'sm', color: 'fg.muted' },
    // Above the dialog's body, which scrolls under it: a scrolled event's banner (positioned, and
    // later in the page) covered the X and took its clicks.
    closeTrigger: { position: 'absolute', top: '3', insetEnd: '3', zIndex: '1' },
  },
  defaultVariants: { placement: 'center', size: 'md' },
  variants: {
    placement: {
      center: {
        positioner: { alignItems: 'center', justifyContent: 'center', p: { base: '0', md: '4' } },
        content: {
          _open: { animation: 'scale-in {durations.normal} {easings.default}' },
          _closed: { animation: 'scale-out {durations.fast} {easings.default}' },
        },
      },
      end: {
        positioner: { justifyContent: 'flex-end' },
        content: {
          h: '100dvh',
          maxW: '100vw',
          _open: { animation: 'slide-in-right {durations.slow} {easings.default}' },
          _closed: { animation: 'slide-out-right {durations.normal} {easings.default}' },
        },
      },
    },
    size: {
      sm: {
        content: { w: 'sm', maxW: 'calc(100vw - 2rem)', maxH: 'calc(100dvh - 2rem)', borderRadius: 'l3' },
      },
      md: { content: modal('lg') },
      lg: { content: modal('3xl') },
      xl: { content: modal('6xl') },
      panel: { content: { w: 'sidePanel' } },
    },
  },
});
