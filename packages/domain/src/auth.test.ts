import { describe, expect, it } from 'vitest';
import { AcceptInviteInput, LoginInput, OnlineStatusInput, RealtimeTicketInput } from './auth.ts';
import { issuesOf } from './test-helpers.ts';

describe('LoginInput', () => {
  it('accepts an email and password, trimming the email', () => {
    expect(LoginInput.parse({ email: ' ann@example.com ', password: 'secret' })).toEqual({
      email: 'ann@example.com',
      password: 'secret',
    });
  });

  it('rejects an invalid or missing email', () => {
    for (const email of ['ann', '', undefined]) {
      expect(issuesOf(LoginInput.safeParse({ email, password: 'secret' }))).toEqual([
        { path: 'email', message: 'Invalid email address' },
      ]);
    }
  });

  it('rejects an empty or missing password', () => {
    for (const password of ['', undefined]) {
      expect(issuesOf(LoginInput.safeParse({ email: 'ann@example.com', password }))).toEqual([
        { path: 'password', message: 'Password is required' },
      ]);
    }
  });

  it('rejects unknown fields', () => {
    expect(LoginInput.safeParse({ email: 'ann@example.com', password: 'x', role: 'ADMIN' }).success).toBe(
      false,
    );
  });
});

describe('AcceptInviteInput', () => {
  const valid = { token: 't', firstName: 'Ann', lastName: 'Lee', pseudo: 'ann', password: '12345678' };

  it('accepts a complete invitation', () => {
    expect(AcceptInviteInput.parse(valid)).toEqual(valid);
  });

  it('rejects a password shorter than 8 characters', () => {
    expect(issuesOf(AcceptInviteInput.safeParse({ ...valid, password: '1234567' }))).toEqual([
      { path: 'password', message: 'Password must be at least 8 characters' },
    ]);
  });

  it('rejects missing names, pseudo and token with their messages', () => {
    expect(issuesOf(AcceptInviteInput.safeParse({ password: '12345678' }))).toEqual([
      { path: 'token', message: 'Invitation token is required' },
      { path: 'firstName', message: 'First name is required' },
      { path: 'lastName', message: 'Last name is required' },
      { path: 'pseudo', message: 'pseudo is required' },
    ]);
  });
});

describe('OnlineStatusInput', () => {
  it('accepts online and offline only', () => {
    expect(OnlineStatusInput.safeParse({ status: 'online' }).success).toBe(true);
    expect(OnlineStatusInput.safeParse({ status: 'offline' }).success).toBe(true);
    expect(OnlineStatusInput.safeParse({ status: 'away' }).success).toBe(false);
  });
});

describe('RealtimeTicketInput', () => {
  it('accepts user-room and space-room ticket requests', () => {
    expect(
      RealtimeTicketInput.safeParse({ party: 'user-room', room: '5f0c6a9e-3b1d-4c7a-9e2f-1a2b3c4d5e02' })
        .success,
    ).toBe(true);
    expect(
      RealtimeTicketInput.safeParse({ party: 'space-room', room: '5f0c6a9e-3b1d-4c7a-9e2f-1a2b3c4d5e01' })
        .success,
    ).toBe(true);
  });

  it('accepts the presence room by its name only', () => {
    expect(RealtimeTicketInput.safeParse({ party: 'presence-room', room: 'community' }).success).toBe(true);
    const other = RealtimeTicketInput.safeParse({ party: 'presence-room', room: 'elsewhere' });
    expect(other.error?.issues[0]?.message).toBe('Room is not a valid id.');
  });

  it('rejects other parties and an empty room', () => {
    expect(RealtimeTicketInput.safeParse({ party: 'post-room', room: 'p1' }).success).toBe(false);
    expect(RealtimeTicketInput.safeParse({ party: 'user-room', room: '' }).success).toBe(false);
  });
});
