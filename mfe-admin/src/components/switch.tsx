// An on/off switch: a native checkbox with the `switch` role (announced as "on"/"off"), drawn as a track.
import { css, cx } from '@community/ui/styled-system/css';
import type { ComponentProps, ReactNode } from 'react';

const track = css({
  appearance: 'none',
  position: 'relative',
  flexShrink: 0,
  w: '9',
  h: '5',
  borderRadius: 'full',
  bg: 'bg.emphasized',
  cursor: 'pointer',
  transitionProperty: 'background',
  transitionDuration: 'fast',
  outline: 'none',
  _checked: { bg: 'accent.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
  _disabled: { opacity: 0.5, cursor: 'not-allowed' },
  _before: {
    content: '""',
    position: 'absolute',
    top: '0.5',
    left: '0.5',
    w: '4',
    h: '4',
    borderRadius: 'full',
    bg: 'white',
    boxShadow: 'xs',
    transitionProperty: 'transform',
    transitionDuration: 'fast',
  },
  '&:checked::before': { transform: 'translateX(1rem)' },
});

export type SwitchProps = Omit<ComponentProps<'input'>, 'type' | 'role' | 'checked'> & {
  label: ReactNode;
  checked: boolean;
};

export function Switch({ label, className, checked, ...props }: SwitchProps) {
  return (
    <label
      className={cx(
        css({
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: '3',
          textStyle: 'sm',
        }),
        className,
      )}
    >
      <span>{label}</span>
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        aria-checked={checked}
        className={track}
        {...props}
      />
    </label>
  );
}
