// Where the event happens: in person (venue, full address, city and a point on the map) or streamed
// on YouTube, LinkedIn or Facebook (the stream's URL). There is no street geocoding: the city search
// (the profile's CityPicker) places the marker on the picked city and centres the map there; a map
// click (or the coordinates typed in) places it exactly.
import { searchCities } from '@community/api-client';
import type { EventLocation } from '@community/domain';
import { CityPicker, TextField } from '@community/ui';
import { css, cx } from '@community/ui/styled-system/css';
import { input } from '@community/ui/styled-system/recipes';
import { useState } from 'react';
import type { EventFormErrors, EventFormValues } from '../lib/event-form-values.ts';
import { LOCATION_LABELS } from '../lib/event-location.ts';
import { MAP_PICK_HINT } from '../lib/event-texts.ts';
import { EventMap } from './event-map.tsx';
import type { LatLng } from './map-canvas.tsx';

/** In person first: the form opens on it. */
const LOCATION_ORDER: EventLocation[] = ['IN_PERSON', 'YOUTUBE', 'LINKEDIN', 'FACEBOOK'];

const STREAM_PLACEHOLDERS: Record<EventLocation, string> = {
  IN_PERSON: '',
  YOUTUBE: 'https://www.youtube.com/watch?v=…',
  LINKEDIN: 'https://www.linkedin.com/…',
  FACEBOOK: 'https://www.facebook.com/…',
};

type LocationValues = Pick<
  EventFormValues,
  'location' | 'addressName' | 'fullAddress' | 'city' | 'lat' | 'lng' | 'streamUrl'
>;

export type LocationFieldsProps = {
  idPrefix: string;
  values: LocationValues;
  onChange: (patch: Partial<LocationValues>) => void;
  errors: EventFormErrors;
};

const coordinate = (raw: string): number | null => {
  if (raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
};

export function LocationFields({ idPrefix, values, onChange, errors }: LocationFieldsProps) {
  const [mapFocus, setMapFocus] = useState<LatLng | null>(null);
  const marker = values.lat !== null && values.lng !== null ? { lat: values.lat, lng: values.lng } : null;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <fieldset>
        <legend className={css({ textStyle: 'label', mb: '1.5' })}>Location</legend>
        <div
          role="radiogroup"
          aria-label="Location"
          className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}
        >
          {LOCATION_ORDER.map((kind) => (
            <label
              key={kind}
              className={cx(
                css({
                  display: 'inline-flex',
                  alignItems: 'center',
                  gap: '2',
                  px: '3',
                  h: '9',
                  borderWidth: '1px',
                  borderRadius: 'l2',
                  cursor: 'pointer',
                  textStyle: 'sm',
                }),
                values.location === kind
                  ? css({ borderColor: 'accent.default', bg: 'accent.subtle' })
                  : undefined,
              )}
            >
              <input
                type="radio"
                name={`${idPrefix}-location`}
                value={kind}
                checked={values.location === kind}
                onChange={() => onChange({ location: kind })}
              />
              {LOCATION_LABELS[kind]}
            </label>
          ))}
        </div>
      </fieldset>

      {values.location === 'IN_PERSON' ? (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
          <TextField
            label="Venue name"
            value={values.addressName}
            onChange={(event) => onChange({ addressName: event.target.value })}
            error={errors.addressName}
          />
          <TextField
            label="Full address"
            value={values.fullAddress}
            onChange={(event) => onChange({ fullAddress: event.target.value })}
            error={errors.fullAddress}
          />
          <CityPicker
            search={searchCities}
            defaultValue={values.city}
            onInputChange={(city) => onChange({ city })}
            onPick={(city) => {
              onChange({ city: city.name, lat: city.lat, lng: city.lng });
              setMapFocus({ lat: city.lat, lng: city.lng });
            }}
            error={errors.city}
          />
          <p className={css({ textStyle: 'xs', color: 'fg.muted' })}>{MAP_PICK_HINT}</p>
          <EventMap
            className={css({ h: '56' })}
            marker={marker}
            markerLabel={values.addressName || 'Event location'}
            onPick={(point) => onChange({ lat: point.lat, lng: point.lng })}
            focus={mapFocus}
          />
          <div className={css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3' })}>
            {(['lat', 'lng'] as const).map((axis) => (
              <div key={axis} className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
                <label htmlFor={`${idPrefix}-${axis}`} className={css({ textStyle: 'label' })}>
                  {axis === 'lat' ? 'Latitude' : 'Longitude'}
                </label>
                <input
                  id={`${idPrefix}-${axis}`}
                  type="number"
                  step="any"
                  min={axis === 'lat' ? -90 : -180}
                  max={axis === 'lat' ? 90 : 180}
                  className={input()}
                  value={values[axis] ?? ''}
                  aria-invalid={Boolean(errors.coordinates) || undefined}
                  onChange={(event) => onChange({ [axis]: coordinate(event.target.value) })}
                />
              </div>
            ))}
          </div>
          {errors.coordinates ? (
            <p role="alert" className={css({ textStyle: 'xs', color: 'danger.text', fontWeight: 'medium' })}>
              {errors.coordinates}
            </p>
          ) : null}
        </div>
      ) : (
        <TextField
          label="Stream URL"
          type="url"
          placeholder={STREAM_PLACEHOLDERS[values.location]}
          value={values.streamUrl}
          onChange={(event) => onChange({ streamUrl: event.target.value })}
          error={errors.streamUrl}
        />
      )}
    </div>
  );
}
