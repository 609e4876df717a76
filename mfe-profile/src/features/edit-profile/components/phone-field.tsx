// Phone Number with its country (spec section 9: US by default). The number is typed as people
// write it in that country and sent in E.164 (libphonenumber-js through the domain's toE164).
import { icons } from '@community/ui';
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
  const selected = countries.find((entry) => entry.code === country);
  const styles = field();
  const errorId = `${id}-error`;
  return (
    <div className={styles.root}>
      <label htmlFor={id} className={styles.label}>
        Phone Number
      </label>
      <div className={css({ display: 'flex', gap: '2' })}>
        {/* The closed picker shows "US +1" (a full country name does not fit beside the number on a
            phone: it read "United States (+"); the native select lies over it, transparent, so the
            list, the keyboard and screen readers are the platform's, with the full names. */}
        <div
          className={cx(
            input(),
            css({
              position: 'relative',
              flexShrink: 0,
              w: 'auto',
              display: 'inline-flex',
              alignItems: 'center',
              gap: '1',
              _focusWithin: {
                borderColor: 'colorPalette.default',
                boxShadow: '0 0 0 1px {colors.colorPalette.default}',
              },
            }),
          )}
        >
          <span
            aria-hidden="true"
            data-testid="phone-country-shown"
            className={css({ whiteSpace: 'nowrap' })}
          >
            {country} +{selected?.callingCode}
          </span>
          <icons.ChevronDown aria-hidden="true" className={css({ w: '4', h: '4', color: 'fg.muted' })} />
          <select
            aria-label="Phone country"
            value={country}
            onChange={(event) => onCountryChange(event.target.value)}
            className={css({
              position: 'absolute',
              inset: '0',
              w: 'full',
              h: 'full',
              opacity: 0,
              cursor: 'pointer',
            })}
          >
            {countries.map((entry) => (
              <option key={entry.code} value={entry.code}>
                {entry.name} (+{entry.callingCode})
              </option>
            ))}
          </select>
        </div>
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
