import { describe, expect, it } from 'vitest';
import { PHONE_INVALID } from './messages.ts';
import {
  addInterest,
  CompleteProfileInput,
  normalizeInterests,
  normalizeInterestTag,
  profileInputSchema,
  toE164,
} from './profile.ts';
import { issuesOf } from './test-helpers.ts';

const schema = profileInputSchema(new Date(2030, 5, 15, 12, 0));

describe('interest tags', () => {
  it('trims and removes a leading #', () => {
    expect(normalizeInterestTag('  #design ')).toBe('design');
    expect(normalizeInterestTag('c#')).toBe('c#');
  });

  it('ignores empty and already present tags', () => {
    expect(addInterest(['design'], ' ')).toEqual(['design']);
    expect(addInterest(['design'], '#')).toEqual(['design']);
    expect(addInterest(['design'], '#design')).toEqual(['design']);
    expect(addInterest(['design'], 'music')).toEqual(['design', 'music']);
  });

  it('does not change the list it is given', () => {
    const current = ['design'];
    addInterest(current, 'music');
    expect(current).toEqual(['design']);
  });

  it('normalises a whole list', () => {
    expect(normalizeInterests(['#a', 'a', ' b ', ''])).toEqual(['a', 'b']);
  });
});

describe('UpdateProfileInput', () => {
  it('accepts an empty update, since every field is optional', () => {
    expect(schema.parse({})).toEqual({});
  });

  it('accepts a full profile and normalises the interests', () => {
    const profile = {
      firstName: 'Ann',
      lastName: 'Lee',
      pseudo: 'ann',
      email: 'ann@example.com',
      phone: '+1 202 555 0100',
      dateOfBirth: '1990-04-01',
      job: 'Designer',
      company: 'Acme',
      city: 'Boston',
      bio: 'Hi',
      interests: ['#design', 'design'],
      imageUrl: 'https://cdn.example.com/ann.png',
    };
    expect(schema.parse(profile)).toEqual({ ...profile, phone: '+12025550100', interests: ['design'] });
  });

  it('keeps job, company and city when left out, and never empties them (complete-profile needs them)', () => {
    expect(schema.parse({ job: ' Pilot ' })).toEqual({ job: 'Pilot' });
    const cases = [
      ['job', 'Job is required'],
      ['company', 'Company is required'],
      ['city', 'City is required'],
    ] as const;
    for (const [field, message] of cases) {
      for (const value of ['', '   ', null]) {
        expect(issuesOf(schema.safeParse({ [field]: value }))).toEqual([{ path: field, message }]);
      }
    }
  });

  it('stores phone numbers in E.164, reads a number without + as US, clears a blank one', () => {
    expect(schema.parse({ phone: '(202) 555-0143' }).phone).toBe('+12025550143');
    expect(schema.parse({ phone: '+44 20 7946 0958' }).phone).toBe('+442079460958');
    expect(schema.parse({ phone: '' }).phone).toBeNull();
    expect(toE164('030 12345678', 'DE')).toBe('+493012345678');
  });

  it('refuses what is not a phone number', () => {
    for (const phone of ['12', '+1 202 555', 'call me', 'x'.repeat(32)])
      expect(issuesOf(schema.safeParse({ phone }))).toEqual([{ path: 'phone', message: PHONE_INVALID }]);
  });

  it('rejects an invalid email', () => {
    expect(issuesOf(schema.safeParse({ email: 'ann@' }))).toEqual([
      { path: 'email', message: 'Email must be a valid address' },
    ]);
  });

  it('rejects a blank first name, last name or pseudo when one is sent', () => {
    expect(issuesOf(schema.safeParse({ firstName: ' ', lastName: '', pseudo: '' }))).toEqual([
      { path: 'firstName', message: 'First name is required' },
      { path: 'lastName', message: 'Last name is required' },
      { path: 'pseudo', message: 'pseudo is required' },
    ]);
  });

  it('accepts a date of birth from 1900-01-01 up to today', () => {
    for (const dateOfBirth of ['1900-01-01', '2030-06-15', '1985-12-31T00:00:00.000Z', null]) {
      expect(schema.safeParse({ dateOfBirth }).success).toBe(true);
    }
  });

  it('rejects a date of birth before 1900, after today or not a date', () => {
    for (const dateOfBirth of ['1899-12-31', '2030-06-16', '1990-02-30', 'yesterday', 19900101]) {
      expect(issuesOf(schema.safeParse({ dateOfBirth }))).toEqual([
        { path: 'dateOfBirth', message: 'Date of birth must be between 1900-01-01 and today' },
      ]);
    }
  });

  it('treats an empty image URL as none and rejects one that is not http(s)', () => {
    expect(schema.parse({ imageUrl: '' })).toEqual({ imageUrl: undefined });
    expect(issuesOf(schema.safeParse({ imageUrl: 'ftp://x.example.com/a.png' }))).toEqual([
      { path: 'imageUrl', message: 'Please enter a valid URL' },
    ]);
  });

  it('rejects unknown fields such as the role', () => {
    expect(schema.safeParse({ role: 'ADMIN' }).success).toBe(false);
  });
});

describe('CompleteProfileInput', () => {
  it('accepts city, job and company', () => {
    expect(CompleteProfileInput.parse({ city: 'Boston', job: 'Designer', company: 'Acme' })).toEqual({
      city: 'Boston',
      job: 'Designer',
      company: 'Acme',
    });
  });

  it('requires city, job and company', () => {
    expect(issuesOf(CompleteProfileInput.safeParse({ city: ' ', job: '' }))).toEqual([
      { path: 'city', message: 'City is required' },
      { path: 'job', message: 'Job is required' },
      { path: 'company', message: 'Company is required' },
    ]);
  });
});
