// A switch with its label, for the profile's settings: "Show on my profile" for the email or the
// phone (the panel's About tab shows what is switched on), and which emails the member gets.
import { Switch } from '@ark-ui/react/switch';
import { css } from '@community/ui/styled-system/css';
import type { ReactNode } from 'react';

export type ShowOnProfileSwitchProps = {
  /** What it shows, for screen readers: "Show email on my profile". */
  what: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
};

export function ShowOnProfileSwitch({ what, checked, onChange }: ShowOnProfileSwitchProps) {
  return (
    <SettingSwitch checked={checked} onChange={onChange}>
      Show on my profile<span className={css({ srOnly: true })}> ({what})</span>
    </SettingSwitch>
  );
}

export function SettingSwitch({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Switch.Root
      checked={checked}
      onCheckedChange={(details) => onChange(details.checked)}
      className={css({ display: 'inline-flex', alignItems: 'center', gap: '2', cursor: 'pointer' })}
    >
      <Switch.Control
        className={css({
          display: 'inline-flex',
          alignItems: 'center',
          // A label on two lines (a phone) must not squeeze the switch.
          flexShrink: 0,
          w: '9',
          h: '5',
          p: '0.5',
          borderRadius: 'full',
          bg: 'bg.muted',
          transition: 'background 0.15s',
          _checked: { bg: 'accent.default' },
          _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
        })}
      >
        <Switch.Thumb
          className={css({
            w: '4',
            h: '4',
            borderRadius: 'full',
            bg: 'white',
            boxShadow: 'sm',
            transition: 'transform 0.15s',
            _checked: { transform: 'translateX(16px)' },
          })}
        />
      </Switch.Control>
      <Switch.Label className={css({ textStyle: 'sm' })}>{children}</Switch.Label>
      <Switch.HiddenInput />
    </Switch.Root>
  );
}
