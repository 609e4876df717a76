// The city search of the profile (wizard and complete-profile page) and of the event form's in-person
// address: an Ark UI Combobox over `search` (GET /api/cities), asked 300 ms after typing stops, each
// place shown as "City, Region, Country". Keyboard complete (arrows, Enter, Escape). What is typed
// stays in the field when nothing is picked (`onInputChange`), so a form may keep plain text.
import { Combobox, createListCollection } from '@ark-ui/react/combobox';
import type { City } from '@community/domain';
import { NO_COUNTRIES_FOUND } from '@community/domain';
import { css, cx } from '@community/ui/styled-system/css';
import { field, input } from '@community/ui/styled-system/recipes';
import { useEffect, useId, useMemo, useState } from 'react';
import { useDebouncedValue } from '../use-debounced-value.ts';
import { Spinner } from './spinner.tsx';

/** Spec section 5: host search 300 ms; the city search answers as fast, so it waits as little. */
export const CITY_SEARCH_DEBOUNCE_MS = 300;

const regionNames = new Map<string, Intl.DisplayNames>();

/** "DE" → "Germany" in the page's language (the code itself when the browser does not know it). */
export function countryName(code: string, locale = globalThis.navigator?.language ?? 'en'): string {
  try {
    let names = regionNames.get(locale);
    if (!names) {
      names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
      regionNames.set(locale, names);
    }
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/**
 * "Zürich, ZH, Switzerland". Numeric region codes (GeoNames' "11" for Berlin) say nothing to a
 * reader, so only lettered ones ("NY", "ZH") are shown.
 */
export function cityLabel(city: Pick<City, 'name' | 'adminCode' | 'country'>): string {
  const region = /^[A-Za-z]+$/.test(city.adminCode) ? city.adminCode : '';
  return [city.name, region, countryName(city.country)].filter(Boolean).join(', ');
}

export type CityPickerProps = {
  /** GET /api/cities (`searchCities` of @community/api-client). */
  search: (term: string, signal: AbortSignal) => Promise<City[]>;
  onPick: (city: City) => void;
  /** Every keystroke's text, for forms that keep a typed city nobody picked. */
  onInputChange?: (text: string) => void;
  /** The text the field starts with (the current city). */
  defaultValue?: string;
  label?: string;
  name?: string;
  placeholder?: string;
  error?: string | undefined;
  className?: string;
};

type SearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; cities: City[] }
  | { status: 'error' };

const statusText = css({ px: '3', py: '2', textStyle: 'sm', color: 'fg.muted' });

export function CityPicker({
  search,
  onPick,
  onInputChange,
  defaultValue = '',
  label = 'City',
  name,
  placeholder = 'Search for a city',
  error,
  className,
}: CityPickerProps) {
  const [text, setText] = useState(defaultValue);
  // Only typing searches: picking a city writes its label into the field, which must not search again.
  const [term, setTerm] = useState('');
  const debounced = useDebouncedValue(term, CITY_SEARCH_DEBOUNCE_MS);
  const [state, setState] = useState<SearchState>({ status: 'idle' });

  useEffect(() => {
    if (debounced.trim() === '') {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    search(debounced, controller.signal).then(
      (cities) => setState({ status: 'ready', cities }),
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[city search]', failure);
        setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [debounced, search]);

  const cities = state.status === 'ready' ? state.cities : [];
  const collection = useMemo(
    () =>
      createListCollection({
        items: cities,
        itemToValue: (city) => String(city.id),
        itemToString: cityLabel,
      }),
    [cities],
  );
  const waiting = term.trim() !== '' && (term !== debounced || state.status === 'loading');
  const styles = field();
  const errorId = useId();
  const listNameId = useId();

  return (
    <Combobox.Root
      collection={collection}
      inputValue={text}
      allowCustomValue
      lazyMount
      unmountOnExit
      invalid={Boolean(error)}
      // Inside a dialog the list must stay within it (a portal would sit outside the dialog's focus trap).
      positioning={{ strategy: 'fixed', sameWidth: true }}
      onInputValueChange={(details) => {
        setText(details.inputValue);
        if (details.reason === 'input-change') {
          setTerm(details.inputValue);
          onInputChange?.(details.inputValue);
        }
      }}
      onValueChange={(details) => {
        const [city] = details.items;
        if (!city) return;
        setTerm('');
        onPick(city);
      }}
      className={cx(styles.root, className)}
    >
      <Combobox.Label className={styles.label}>{label}</Combobox.Label>
      <Combobox.Control className={css({ position: 'relative' })}>
        <Combobox.Input
          name={name}
          placeholder={placeholder}
          autoComplete="off"
          aria-describedby={error ? errorId : undefined}
          className={input()}
        />
      </Combobox.Control>
      {error ? (
        <p id={errorId} role="alert" className={styles.errorText}>
          {error}
        </p>
      ) : null}
      <Combobox.Positioner className={css({ zIndex: 'popover' })}>
        <Combobox.Content
          // Named by its own text, not by the field's label, so "City" names the input alone.
          aria-labelledby={listNameId}
          className={css({
            bg: 'bg.default',
            borderWidth: '1px',
            borderColor: 'border.default',
            borderRadius: 'l2',
            boxShadow: 'overlay',
            maxH: '64',
            overflowY: 'auto',
            p: '1',
            outline: 'none',
          })}
        >
          <span id={listNameId} hidden>
            Search results
          </span>
          {waiting ? (
            <div className={statusText}>
              <Spinner size="sm" label="Searching cities" />
            </div>
          ) : state.status === 'error' ? (
            <p role="alert" className={cx(statusText, css({ color: 'danger.text' }))}>
              The city search is unavailable. Type your city instead.
            </p>
          ) : state.status === 'ready' && cities.length === 0 ? (
            <p role="status" className={statusText}>
              {NO_COUNTRIES_FOUND}
            </p>
          ) : null}
          {waiting
            ? null
            : collection.items.map((city) => (
                <Combobox.Item
                  key={city.id}
                  item={city}
                  className={css({
                    px: '3',
                    py: '2',
                    borderRadius: 'l1',
                    textStyle: 'sm',
                    cursor: 'pointer',
                    _highlighted: { bg: 'bg.subtle' },
                  })}
                >
                  <Combobox.ItemText>{cityLabel(city)}</Combobox.ItemText>
                </Combobox.Item>
              ))}
        </Combobox.Content>
      </Combobox.Positioner>
    </Combobox.Root>
  );
}
