// "Show on my profile" for the email or the phone (the panel's About tab shows what is switched on).
import { Switch } from '@ark-ui/react/switch';
import { css } from '@community/ui/styled-system/css';

export type ShowOnProfileSwitchProps = {
  /** What it shows, for screen readers: "Show email on my profile". */
  what: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
};

export function ShowOnProfileSwitch({ what, checked, onChange }: ShowOnProfileSwitchProps) {
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
      <Switch.Label className={css({ textStyle: 'sm' })}>
        Show on my profile<span className={css({ srOnly: true })}> ({what})</span>
      </Switch.Label>
      <Switch.HiddenInput />
    </Switch.Root>
  );
}
