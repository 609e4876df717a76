// Phone Number with its country (spec section 9: US by default). The number is typed as people
// write it in that country and sent in E.164 (libphonenumber-js through the domain's toE164).
import { css, cx } from '@community/ui/styled-system/css';
import { field, input } from '@community/ui/styled-system/recipes';
import { useMemo } from 'react';
import { phoneCountries } from '../lib/phone.ts';

export type PhoneFieldProps = {
  id: string;
  country: string;
  national: string;
  onCountryChange: (country: string) => void;
  onNationalChange: (national: string) => void;
  error?: string | undefined;
};

export function PhoneField({
  id,
  country,
  national,
  onCountryChange,
  onNationalChange,
  error,
}: PhoneFieldProps) {
  const countries = useMemo(() => phoneCountries(), []);
  const styles = field();
  const errorId = `${id}-error`;
  return (
    <div className={styles.root}>
      <label htmlFor={id} className={styles.label}>
        Phone Number
      </label>
      <div className={css({ display: 'flex', gap: '2' })}>
        <select
          aria-label="Phone country"
          value={country}
          onChange={(event) => onCountryChange(event.target.value)}
          className={cx(input(), css({ flexShrink: 0, w: '36' }))}
        >
          {countries.map((entry) => (
            <option key={entry.code} value={entry.code}>
              {entry.name} (+{entry.callingCode})
            </option>
          ))}
        </select>
        <input
          id={id}
          name="phone"
          type="tel"
          autoComplete="tel-national"
          value={national}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onNationalChange(event.target.value)}
          className={input()}
        />
      </div>
      {error ? (
        <p id={errorId} role="alert" className={styles.errorText}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
