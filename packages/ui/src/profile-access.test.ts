import { afterEach, describe, expect, it } from 'vitest';
import { closeModal, modalStore } from './modal-store.ts';
import { canOpenProfile, openProfile } from './profile-access.ts';

const member = (community: boolean) => ({
  id: 'me',
  features: [{ feature: 'community', enabled: community }],
});

afterEach(() => closeModal());

describe('profile access', () => {
  it('opens another member’s profile only with the community feature', () => {
    expect(canOpenProfile(member(true), 'other')).toBe(true);
    expect(canOpenProfile(member(false), 'other')).toBe(false);
    expect(openProfile(member(false), 'other')).toBe(false);
    expect(modalStore.type).toBeNull();
    expect(openProfile(member(true), 'other')).toBe(true);
    expect(modalStore).toMatchObject({ type: 'profile', props: { userId: 'other' } });
  });

  it('always opens one’s own profile, and nothing without a viewer', () => {
    expect(openProfile(member(false), 'me')).toBe(true);
    expect(modalStore).toMatchObject({ type: 'profile', props: { userId: 'me' } });
    expect(canOpenProfile(null, 'me')).toBe(false);
  });
});
