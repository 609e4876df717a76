import type { User } from '@community/domain';
import { describe, expect, it } from 'vitest';
import { firstStepOf, parseProfileChanges, toFormValues } from './profile-form-values.ts';

const ada = {
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  pseudo: 'ada',
  email: 'ada@example.com',
  phone: null,
  job: 'Analyst',
  company: 'Engines Ltd',
  address: { city: 'London', cityId: 2643743, country: 'GB', lat: 51.5, lng: -0.12 },
  interests: [],
} as unknown as User;
const now = () => new Date('2026-11-27T12:00:00Z');

describe('the Edit Profile check', () => {
  it('refuses an emptied job, company or city on its step, as complete-profile would', () => {
    const initial = toFormValues(ada);
    const cases = [
      [{ city: '', cityId: null }, 'city', 'City is required'],
      [{ job: '  ' }, 'job', 'Job is required'],
      [{ company: '' }, 'company', 'Company is required'],
    ] as const;
    for (const [change, field, message] of cases) {
      const parsed = parseProfileChanges({ ...initial, ...change }, initial, now);
      expect(parsed.success).toBe(false);
      const issues = parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
      expect(issues).toEqual([[field, message]]);
      expect(firstStepOf([field])).toBe(field === 'city' ? 2 : 1);
    }
  });

  it('accepts another city typed in place of the picked one', () => {
    const initial = toFormValues(ada);
    const parsed = parseProfileChanges({ ...initial, city: 'Bath', cityId: null }, initial, now);
    expect(parsed).toMatchObject({ success: true, data: { city: 'Bath' } });
  });
});
