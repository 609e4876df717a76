// The profile fields the wizard and the complete-profile page share: Job Title, Company and the City
// search (a picked place gives its id; typed text with no pick stays plain text).
import { searchCities } from '@community/api-client';
import type { City } from '@community/domain';
import { CityPicker, cityLabel, TextField } from '@community/ui';

type TextFieldProps = {
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error?: string | undefined;
  /** The complete-profile page says "Job"; the wizard says "Job Title" (spec section 2). */
  label?: string;
};

export function JobField({ value, onChange, error, label = 'Job Title' }: TextFieldProps) {
  return (
    <TextField
      label={label}
      name="job"
      autoComplete="organization-title"
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}

export function CompanyField({ value, onChange, error }: TextFieldProps) {
  return (
    <TextField
      label="Company"
      name="company"
      autoComplete="organization"
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}

export type CityChoice = { city: string; cityId: number | null };

export type CityFieldProps = {
  /** The text the field starts with (the current city). */
  initialText: string;
  onChange: (choice: CityChoice) => void;
  error?: string | undefined;
};

export function CityField({ initialText, onChange, error }: CityFieldProps) {
  return (
    <CityPicker
      name="city"
      search={searchCities}
      defaultValue={initialText}
      onInputChange={(text) => onChange({ city: text, cityId: null })}
      onPick={(city: City) => onChange({ city: cityLabel(city), cityId: city.id })}
      error={error}
    />
  );
}
