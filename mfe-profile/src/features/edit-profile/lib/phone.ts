// The phone field's country picker (spec section 9: US by default): every country libphonenumber-js
// knows, with its calling code and its name in the page's language, and an E.164 number split back
// into that picker and the national number for editing.
import { DEFAULT_PHONE_COUNTRY, toE164 } from '@community/domain';
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';

export type PhoneCountry = { code: CountryCode; callingCode: string; name: string };

let countries: PhoneCountry[] | null = null;

/** Sorted by name; built once, the first time the picker shows. */
export function phoneCountries(locale = globalThis.navigator?.language ?? 'en'): PhoneCountry[] {
  if (countries) return countries;
  const names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
  countries = getCountries()
    .map((code) => ({ code, callingCode: getCountryCallingCode(code), name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
  return countries;
}

export type PhoneParts = { country: string; national: string };

/** "+442079460958" → { country: 'GB', national: '2079460958' }; nothing stored → the default country. */
export function splitPhone(stored: string | null | undefined): PhoneParts {
  if (!stored) return { country: DEFAULT_PHONE_COUNTRY, national: '' };
  const parsed = parsePhoneNumberFromString(stored);
  if (!parsed) return { country: DEFAULT_PHONE_COUNTRY, national: stored };
  return { country: parsed.country ?? DEFAULT_PHONE_COUNTRY, national: parsed.nationalNumber };
}

/**
 * What is sent for the picker's country and the typed number: null when blank, E.164 when valid
 * (toE164). An invalid number is sent with its country's code in front, so the profile schema (on
 * both sides) refuses it with its own message instead of reading it in another country.
 */
export function joinPhone({ country, national }: PhoneParts): string | null {
  const typed = national.trim();
  if (typed === '') return null;
  const e164 = toE164(typed, country);
  if (e164) return e164;
  if (typed.startsWith('+')) return typed;
  try {
    return `+${getCountryCallingCode(country as CountryCode)}${typed}`;
  } catch {
    return typed;
  }
}
