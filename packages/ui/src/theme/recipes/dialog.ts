import { dialogAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

// `placement: 'end'` turns the dialog into a side panel (drawer) docked to the right edge, used by the
// profile panel; `center` is the classic modal.
export const dialog = defineSlotRecipe({
  className: 'dialog',
  jsx: ['Dialog', 'Dialog.Root'],
  slots: dialogAnatomy.keys(),
  base: {
    backdrop: {
      position: 'fixed',
      inset: '0',
      bg: 'bg.overlay',
      zIndex: 'overlay',
      _open: { animation: 'fade-in {durations.normal} {easings.default}' },
      _closed: { animation: 'fade-out {durations.fast} {easings.default}' },
    },
    positioner: {
      position: 'fixed',
      inset: '0',
      display: 'flex',
      zIndex: 'modal',
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
    closeTrigger: { position: 'absolute', top: '3', insetEnd: '3' },
  },
  defaultVariants: { placement: 'center', size: 'md' },
  variants: {
    placement: {
      center: {
        positioner: { alignItems: 'center', justifyContent: 'center', p: '4' },
        content: {
          borderRadius: 'l3',
          maxH: 'calc(100dvh - 2rem)',
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
      sm: { content: { w: 'sm' } },
      md: { content: { w: 'lg' } },
      lg: { content: { w: '3xl' } },
      xl: { content: { w: '6xl' } },
      panel: { content: { w: 'sidePanel' } },
    },
  },
});
