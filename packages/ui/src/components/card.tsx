import { card } from '@community/ui/styled-system/recipes';
import { createStyleContext } from '../lib/create-style-context.tsx';

const { withProvider, withContext } = createStyleContext(card);

export const Card = {
  Root: withProvider('article', 'root'),
  Header: withContext('div', 'header'),
  Body: withContext('div', 'body'),
  Footer: withContext('div', 'footer'),
  Title: withContext('h3', 'title'),
  Description: withContext('p', 'description'),
};
