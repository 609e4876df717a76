import { defineSlotRecipe } from '@pandacss/dev';

export const table = defineSlotRecipe({
  className: 'table',
  jsx: ['Table', 'Table.Root'],
  slots: ['root', 'head', 'body', 'row', 'header', 'cell', 'caption', 'footer'],
  base: {
    root: { width: 'full', borderCollapse: 'collapse', textStyle: 'sm', captionSide: 'bottom' },
    head: { bg: 'bg.subtle' },
    row: {
      borderBottomWidth: '1px',
      borderColor: 'border.muted',
      _hover: { bg: 'bg.canvas' },
    },
    header: {
      textAlign: 'start',
      px: '3',
      h: '10',
      textStyle: 'xs',
      fontWeight: 'semibold',
      color: 'fg.muted',
      textTransform: 'uppercase',
      letterSpacing: 'wide',
      whiteSpace: 'nowrap',
    },
    cell: { px: '3', py: '2.5', color: 'fg.default', verticalAlign: 'middle' },
    caption: { py: '3', color: 'fg.muted', textStyle: 'sm' },
    footer: { fontWeight: 'medium' },
  },
});
