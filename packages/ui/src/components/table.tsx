import { table } from '@community/ui/styled-system/recipes';
import { createStyleContext } from '../lib/create-style-context.tsx';

const { withProvider, withContext } = createStyleContext(table);

export const Table = {
  Root: withProvider('table', 'root'),
  Head: withContext('thead', 'head'),
  Body: withContext('tbody', 'body'),
  Row: withContext('tr', 'row'),
  Header: withContext('th', 'header'),
  Cell: withContext('td', 'cell'),
  Caption: withContext('caption', 'caption'),
  Footer: withContext('tfoot', 'footer'),
};
