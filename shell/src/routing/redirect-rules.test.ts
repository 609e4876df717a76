import type { FeatureKey, User } from '@community/domain';
import { describe, expect, it } from 'vitest';
import { redirectFor } from './redirect-rules.ts';

const complete = {
  id: 'u1',
  job: 'Engineer',
  company: 'Analytical Engines',
  address: { city: 'London' },
} as User;
const noCity = { city: null, cityId: null, country: null, lat: null, lng: null };
const signedIn = (user: Partial<User> = {}) => ({
  status: 'signed-in' as const,
  user: { ...complete, ...user },
});
const signedOut = { status: 'signed-out' as const, user: null };
const on = (...keys: FeatureKey[]) => ({ features: keys.map((feature) => ({ feature, enabled: true })) });
/** A member with every switch of the navigation but the wall: Events is their home. */
const eventsFirst = () => signedIn(on('events', 'spaces', 'messages', 'community'));

describe('redirect rules', () => {
  it('waits while the session is loading', () => {
    expect(redirectFor({ status: 'loading', user: null }, '/events')).toBeNull();
  });

  it('sends a visitor who is not signed in to the login page, keeping the page they asked for', () => {
    expect(redirectFor(signedOut, '/events')).toBe('/auth/login?next=%2Fevents');
    expect(redirectFor(signedOut, '/events/e1')).toBe('/auth/login?next=%2Fevents%2Fe1');
    expect(redirectFor(signedOut, '/community/conversations/u2')).toBe(
      '/auth/login?next=%2Fcommunity%2Fconversations%2Fu2',
    );
    expect(redirectFor(signedOut, '/spaces/s1', 'postId=p1')).toBe(
      '/auth/login?next=%2Fspaces%2Fs1%3FpostId%3Dp1',
    );
    expect(redirectFor(signedOut, '/spaces/s1', '?postId=p1&searchCursor=c%2B1')).toBe(
      '/auth/login?next=%2Fspaces%2Fs1%3FpostId%3Dp1%26searchCursor%3Dc%252B1',
    );
  });

  it('sends a visitor to a bare login page from Home, the auth pages and what is unsafe to return to', () => {
    expect(redirectFor(signedOut, '/')).toBe('/auth/login');
    expect(redirectFor(signedOut, '/auth/complete-profile', 'city=&job=&company=')).toBe('/auth/login');
    // wouter's path is the address bar's pathname: `//evil.com` typed after the origin stays here, but is
    // not carried to the login page as a place to return to.
    expect(redirectFor(signedOut, '//evil.com')).toBe('/auth/login');
  });

  it('leaves a signed-out visitor on the login and sign-out pages', () => {
    expect(redirectFor(signedOut, '/auth/login')).toBeNull();
    expect(redirectFor(signedOut, '/auth/sign-out')).toBeNull();
  });

  it('lets a signed-out visitor open an invitation link', () => {
    expect(redirectFor(signedOut, '/auth/accept-invite')).toBeNull();
  });

  it('takes a member who just joined through an invitation on to their profile or the events', () => {
    expect(redirectFor(signedIn({ job: null, company: null, address: noCity }), '/auth/accept-invite')).toBe(
      '/auth/complete-profile?city=&job=&company=',
    );
    expect(redirectFor(eventsFirst(), '/auth/accept-invite')).toBe('/events');
  });

  it('sends a user without city, job or company to complete their profile, prefilled, keeping the page asked for', () => {
    expect(redirectFor(signedIn({ job: null }), '/events')).toBe(
      '/auth/complete-profile?city=London&job=&company=Analytical+Engines&next=%2Fevents',
    );
    expect(redirectFor(signedIn({ address: noCity }), '/')).toBe(
      '/auth/complete-profile?city=&job=Engineer&company=Analytical+Engines',
    );
    expect(redirectFor(signedIn({ company: '  ' }), '/spaces/s1', 'postId=p1')).toBe(
      '/auth/complete-profile?city=London&job=Engineer&company=&next=%2Fspaces%2Fs1%3FpostId%3Dp1',
    );
  });

  it('keeps an incomplete profile on the complete-profile page and lets them sign out', () => {
    expect(redirectFor(signedIn({ job: null }), '/auth/complete-profile')).toBeNull();
    expect(redirectFor(signedIn({ job: null }), '/auth/sign-out')).toBeNull();
  });

  it('takes a signed-in user with a complete profile away from the auth pages', () => {
    expect(redirectFor(eventsFirst(), '/auth/login')).toBe('/events');
    expect(redirectFor(eventsFirst(), '/auth/complete-profile')).toBe('/events');
  });

  it('takes a member who signed in from a link on to the page it named', () => {
    expect(redirectFor(eventsFirst(), '/auth/login', 'next=%2Fcommunity%2Fconversations%2Fu2')).toBe(
      '/community/conversations/u2',
    );
    expect(redirectFor(eventsFirst(), '/auth/login', '?next=%2Fevents%2Fe1')).toBe('/events/e1');
    expect(redirectFor(eventsFirst(), '/auth/login', 'next=%2Fspaces%2Fs1%3FpostId%3Dp1')).toBe(
      '/spaces/s1?postId=p1',
    );
    // What the signed-out redirect wrote is what the sign-in reads.
    const login = redirectFor(signedOut, '/spaces/s1', 'postId=p1&searchCursor=c%2B1') ?? '';
    const [loginPath, loginSearch] = login.split('?');
    expect(redirectFor(eventsFirst(), loginPath!, loginSearch)).toBe(
      '/spaces/s1?postId=p1&searchCursor=c%2B1',
    );
  });

  it('takes a member who signed in home when the link is unsafe, an auth page or switched off for them', () => {
    const wallAndEvents = signedIn(on('livewall', 'events'));
    expect(redirectFor(wallAndEvents, '/auth/login', 'next=%2F%2Fevil.com')).toBe('/');
    expect(redirectFor(wallAndEvents, '/auth/login', 'next=https%3A%2F%2Fevil.com')).toBe('/');
    expect(redirectFor(wallAndEvents, '/auth/login', 'next=%2Fauth%2Fsign-out')).toBe('/');
    expect(redirectFor(wallAndEvents, '/auth/login', 'next=')).toBe('/');
    expect(redirectFor(wallAndEvents, '/auth/login', 'next=%2Fmessages')).toBe('/');
    expect(redirectFor(eventsFirst(), '/auth/login', 'next=%2F%5Cevil.com')).toBe('/events');
    // `/` is Home, which for a member without the wall is their first entry.
    expect(redirectFor(eventsFirst(), '/auth/login', 'next=%2F')).toBe('/events');
  });

  it('completes the profile first after signing in from a link, and keeps the link for afterwards', () => {
    expect(redirectFor(signedIn({ job: null }), '/auth/login', 'next=%2Fevents%2Fe1')).toBe(
      '/auth/complete-profile?city=London&job=&company=Analytical+Engines&next=%2Fevents%2Fe1',
    );
    // A link that is not safe to follow is dropped, not carried on.
    expect(redirectFor(signedIn({ job: null }), '/auth/login', 'next=%2F%2Fevil.com')).toBe(
      '/auth/complete-profile?city=London&job=&company=Analytical+Engines',
    );
  });

  it('reads `next` on the login page only', () => {
    expect(redirectFor(eventsFirst(), '/auth/accept-invite', 'next=%2Fspaces')).toBe('/events');
    expect(redirectFor(eventsFirst(), '/auth/complete-profile', 'next=%2Fspaces')).toBe('/events');
    expect(redirectFor(eventsFirst(), '/spaces', 'next=%2Fmembers')).toBeNull();
  });

  it('sends the home page to the events page for a member with events but no wall', () => {
    expect(redirectFor(eventsFirst(), '/')).toBe('/events');
  });

  it('keeps a member with the livewall feature on Home, the community wall', () => {
    const walled = signedIn(on('livewall', 'events'));
    expect(redirectFor(walled, '/')).toBeNull();
    expect(redirectFor(walled, '/events')).toBeNull();
  });

  it('sends a member with livewall home to the wall from the auth pages', () => {
    const walled = signedIn({ features: [{ feature: 'livewall', enabled: true }] });
    expect(redirectFor(walled, '/auth/login')).toBe('/');
    expect(redirectFor(walled, '/auth/complete-profile')).toBe('/');
  });

  it('keeps the events page as home when livewall is switched off', () => {
    const features = [
      { feature: 'livewall' as const, enabled: false },
      { feature: 'events' as const, enabled: true },
    ];
    expect(redirectFor(signedIn({ features }), '/')).toBe('/events');
  });

  it('without the wall, sends `/` to the first of Events, Spaces, Messages, Members the member has', () => {
    expect(redirectFor(signedIn(on('community', 'messages', 'spaces')), '/')).toBe('/spaces');
    expect(redirectFor(signedIn(on('community', 'messages')), '/')).toBe('/messages');
    expect(redirectFor(signedIn(on('community', 'posts')), '/')).toBe('/members');
    expect(redirectFor(signedIn(on('community')), '/auth/login')).toBe('/members');
  });

  it('keeps a member with none of them on `/` (the page that says nothing is switched on)', () => {
    expect(redirectFor(signedIn(), '/')).toBeNull();
    expect(redirectFor(signedIn(on('posts', 'content', 'livestream')), '/')).toBeNull();
    expect(redirectFor(signedIn(), '/auth/login')).toBe('/');
  });

  it('sends a member home from a page whose feature is off (also when it goes off while they are there)', () => {
    const wallAndEvents = signedIn(on('livewall', 'events'));
    expect(redirectFor(wallAndEvents, '/spaces')).toBe('/');
    expect(redirectFor(wallAndEvents, '/spaces/s1')).toBe('/');
    expect(redirectFor(wallAndEvents, '/spaces/invite/abc')).toBe('/');
    expect(redirectFor(wallAndEvents, '/messages')).toBe('/');
    expect(redirectFor(wallAndEvents, '/community/conversations/u2')).toBe('/');
    expect(redirectFor(wallAndEvents, '/members')).toBe('/');
    expect(redirectFor(wallAndEvents, '/events/e1')).toBeNull();
    expect(redirectFor(signedIn(on('spaces')), '/events/e1')).toBe('/spaces');
    expect(redirectFor(signedIn(), '/events')).toBe('/');
  });

  it('lets a member stay on the pages of the features they have, and on unknown paths', () => {
    expect(redirectFor(eventsFirst(), '/events')).toBeNull();
    expect(redirectFor(eventsFirst(), '/spaces')).toBeNull();
    expect(redirectFor(eventsFirst(), '/spaces/s1')).toBeNull();
    expect(redirectFor(eventsFirst(), '/messages')).toBeNull();
    expect(redirectFor(eventsFirst(), '/community/conversations/u2')).toBeNull();
    expect(redirectFor(eventsFirst(), '/members')).toBeNull();
    expect(redirectFor(signedIn(), '/no-such-page')).toBeNull();
  });

  it('lets anyone reach the sign-out page', () => {
    expect(redirectFor(signedIn(), '/auth/sign-out')).toBeNull();
  });
});
