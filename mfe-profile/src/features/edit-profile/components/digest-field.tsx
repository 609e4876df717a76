// The weekly digest's choice in Edit Profile: never, or the weekday it arrives (issue 32). A native
// select, so the list, the keyboard and screen readers are the platform's.
import { css, cx } from '@community/ui/styled-system/css';
import { field, input } from '@community/ui/styled-system/recipes';

/** Sunday first, as the server numbers them (0 … 6). */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export type DigestFieldProps = {
  id: string;
  /** `never`, or the weekday's number as text (`0` … `6`). */
  value: string;
  onChange: (value: string) => void;
};

export function DigestField({ id, value, onChange }: DigestFieldProps) {
  const styles = field();
  const helpId = `${id}-help`;
  return (
    <div className={styles.root}>
      <label htmlFor={id} className={styles.label}>
        Weekly digest
      </label>
      <select
        id={id}
        aria-describedby={helpId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={cx(input(), css({ pe: '8', cursor: 'pointer' }))}
      >
        <option value="never">Never</option>
        {WEEKDAY_NAMES.map((name, day) => (
          <option key={name} value={String(day)}>
            Every {name}
          </option>
        ))}
      </select>
      <p id={helpId} className={styles.helperText}>
        The week's top posts in your spaces, coming events and what's unread, by email around 9:00 in your
        time zone.
      </p>
    </div>
  );
}
