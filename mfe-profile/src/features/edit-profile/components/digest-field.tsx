// The weekly digest's choice in Edit Profile: never, or the weekday it arrives (issue 32). A native
// select, so the list, the keyboard and screen readers are the platform's.
import { SelectChevron } from '@community/ui';
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
      {/* The chevron says it is a list (a closed native select looks like a text field here). */}
      <div className={css({ position: 'relative' })}>
        <select
          id={id}
          aria-describedby={helpId}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={cx(input(), css({ pe: '9', cursor: 'pointer', appearance: 'none' }))}
        >
          <option value="never">Never</option>
          {WEEKDAY_NAMES.map((name, day) => (
            <option key={name} value={String(day)}>
              Every {name}
            </option>
          ))}
        </select>
        <SelectChevron />
      </div>
      <p id={helpId} className={styles.helperText}>
        The week's top posts in your spaces, coming events and what's unread, by email around 9:00 in your
        time zone.
      </p>
    </div>
  );
}
