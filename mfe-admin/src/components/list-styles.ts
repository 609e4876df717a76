// The bordered lists of the admin panel's cards (the community's URLs, the bounced addresses): one
// box, a rule between rows.
import { css } from '@community/ui/styled-system/css';

export const borderedList = css({
  display: 'flex',
  flexDirection: 'column',
  borderWidth: '1px',
  borderRadius: 'l2',
});

export const borderedListRow = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '3',
  py: '2.5',
  '&:not(:last-child)': { borderBottomWidth: '1px' },
});
