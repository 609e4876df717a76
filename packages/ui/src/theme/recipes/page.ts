import { defineSlotRecipe } from '@pandacss/dev';

/**
 * A page of the main area (Events, an event, Spaces, Messages, Members): a centred column as wide
 * as the page needs, the page's title row (h1 and its actions, wrapping on a phone) and the title.
 */
export const page = defineSlotRecipe({
  className: 'page',
  slots: ['root', 'header', 'title'],
  base: {
    root: {
      mx: 'auto',
      px: { base: '4', md: '8' },
      py: '6',
      display: 'flex',
      flexDirection: 'column',
      gap: '4',
    },
    header: {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: '3',
    },
    title: { textStyle: '2xl', fontWeight: 'bold' },
  },
  defaultVariants: { width: 'wide' },
  variants: {
    width: {
      /** One column of reading: an event, the conversations. */
      narrow: { root: { maxW: '3xl' } },
      /** Lists and grids: events, spaces. */
      wide: { root: { maxW: '5xl' } },
      /** The members directory's cards. */
      widest: { root: { maxW: '6xl' } },
    },
  },
});
