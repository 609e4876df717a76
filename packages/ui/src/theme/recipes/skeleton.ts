import { defineRecipe } from '@pandacss/dev';

export const skeleton = defineRecipe({
  className: 'skeleton',
  jsx: ['Skeleton'],
  base: {
    display: 'block',
    bg: 'bg.muted',
    borderRadius: 'l2',
    color: 'transparent',
    pointerEvents: 'none',
    userSelect: 'none',
    animation: 'shimmer 1.6s ease-in-out infinite',
    _motionReduce: { animation: 'none' },
  },
  defaultVariants: { shape: 'rect' },
  variants: {
    shape: {
      rect: {},
      text: { h: '0.875em', borderRadius: 'l1' },
      circle: { borderRadius: 'full', flexShrink: 0 },
    },
  },
});
