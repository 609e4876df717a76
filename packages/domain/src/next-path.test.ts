import { describe, expect, it } from 'vitest';
import { nextPathOf, safeNextPath } from './next-path.ts';

describe('safeNextPath (where a sign-in may return to)', () => {
  it('follows the paths of this origin an email links to, with their query', () => {
    expect(safeNextPath('/community/conversations/u2')).toBe('/community/conversations/u2');
    expect(safeNextPath('/events/e1')).toBe('/events/e1');
    expect(safeNextPath('/events')).toBe('/events');
    expect(safeNextPath('/spaces/s1?postId=p1')).toBe('/spaces/s1?postId=p1');
    expect(safeNextPath('/spaces/s1?postId=p1&searchCursor=c%2B1%2F%2F')).toBe(
      '/spaces/s1?postId=p1&searchCursor=c%2B1%2F%2F',
    );
    expect(safeNextPath('/members?q=100%25')).toBe('/members?q=100%25');
    expect(safeNextPath('/events/e1#comments')).toBe('/events/e1#comments');
    expect(safeNextPath('/')).toBe('/');
  });

  it('answers the path normalized', () => {
    expect(safeNextPath('/spaces/../events/e1')).toBe('/events/e1');
    expect(safeNextPath('/members?q=a b')).toBe('/members?q=a%20b');
  });

  it('refuses nothing, empty and relative values', () => {
    expect(safeNextPath(null)).toBeNull();
    expect(safeNextPath(undefined)).toBeNull();
    expect(safeNextPath('')).toBeNull();
    expect(safeNextPath('events')).toBeNull();
    expect(safeNextPath('./events')).toBeNull();
    expect(safeNextPath('?next=/events')).toBeNull();
    expect(safeNextPath(' /events')).toBeNull();
  });

  it('refuses other origins: protocol-relative, backslashes, schemes', () => {
    for (const hostile of [
      '//evil.com',
      '//evil.com/events',
      '///evil.com',
      '/\\evil.com',
      '/\\/evil.com',
      '\\\\evil.com',
      '\\/evil.com',
      'https://evil.com',
      'http://evil.com/events',
      'HTTPS://evil.com',
      'https:/evil.com',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
    ]) {
      expect(safeNextPath(hostile), hostile).toBeNull();
    }
  });

  it('refuses control characters in the path (browsers drop tabs and newlines: `/\\t/` is `//`)', () => {
    for (const hostile of [
      '/\t/evil.com',
      '/\n/evil.com',
      '/\r\n/evil.com',
      '/\u0000/evil.com',
      '/events\u007f',
    ]) {
      expect(safeNextPath(hostile), JSON.stringify(hostile)).toBeNull();
    }
  });

  it('refuses encoded variants, however often encoded, and values that do not decode', () => {
    for (const hostile of [
      '/%2Fevil.com',
      '/%2fevil.com',
      '/%5Cevil.com',
      '/%5cevil.com',
      '/%252Fevil.com',
      '/%25252F%25252Fevil.com',
      '/%09/evil.com',
      '/%0A/evil.com',
      '/%00',
      '%2F%2Fevil.com',
      '%2F%5Cevil.com',
      'https%3A%2F%2Fevil.com',
      'javascript%3Aalert(1)',
      '/%E0%A4%A',
      '/%',
    ]) {
      expect(safeNextPath(hostile), hostile).toBeNull();
    }
  });

  it('never returns to the auth pages, however written', () => {
    for (const auth of [
      '/auth/login',
      '/auth/login?next=%2Fevents',
      '/auth/sign-out',
      '/auth/complete-profile?city=&job=&company=',
      '/auth/accept-invite?code=x',
      '/auth',
      '/auth/',
      '/AUTH/login',
      '/events/../auth/sign-out',
      '/events/%2E%2E/auth/sign-out',
      '/%61uth/sign-out',
      '/%2561uth/sign-out',
    ]) {
      expect(safeNextPath(auth), auth).toBeNull();
    }
    expect(safeNextPath('/authors')).toBe('/authors');
  });
});

describe('nextPathOf (the login page query)', () => {
  it('reads a safe `next` from the query, with or without its `?`', () => {
    expect(nextPathOf('next=%2Fevents%2Fe1')).toBe('/events/e1');
    expect(nextPathOf('?next=%2Fspaces%2Fs1%3FpostId%3Dp1')).toBe('/spaces/s1?postId=p1');
    expect(nextPathOf('?other=1&next=/members')).toBe('/members');
  });

  it('answers null without a `next` or for a hostile one', () => {
    expect(nextPathOf('')).toBeNull();
    expect(nextPathOf('?next=')).toBeNull();
    expect(nextPathOf('?next=%2F%2Fevil.com')).toBeNull();
    expect(nextPathOf('?next=//evil.com')).toBeNull();
    expect(nextPathOf('?next=%2F%5Cevil.com')).toBeNull();
    expect(nextPathOf('?next=https%3A%2F%2Fevil.com')).toBeNull();
    expect(nextPathOf('?next=javascript%3Aalert(1)')).toBeNull();
    expect(nextPathOf('?next=%252F%252Fevil.com')).toBeNull();
    expect(nextPathOf('?next=%2F%252Fevil.com')).toBeNull();
    expect(nextPathOf('?next=%2F%09%2Fevil.com')).toBeNull();
  });
});
