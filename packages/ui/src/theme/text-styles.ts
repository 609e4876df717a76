import { defineTextStyles } from '@pandacss/dev';

const size = (fontSize: string, lineHeight: string) => ({ value: { fontSize, lineHeight } });

export const textStyles = defineTextStyles({
  xs: size('0.75rem', '1rem'),
  sm: size('0.875rem', '1.25rem'),
  md: size('1rem', '1.5rem'),
  lg: size('1.125rem', '1.75rem'),
  xl: size('1.25rem', '1.75rem'),
  '2xl': size('1.5rem', '2rem'),
  '3xl': size('1.875rem', '2.25rem'),
  label: { value: { fontSize: '0.875rem', lineHeight: '1.25rem', fontWeight: 'medium' } },
  overline: {
    value: {
      fontSize: '0.75rem',
      lineHeight: '1rem',
      fontWeight: 'semibold',
      letterSpacing: 'wider',
      textTransform: 'uppercase',
    },
  },
});
