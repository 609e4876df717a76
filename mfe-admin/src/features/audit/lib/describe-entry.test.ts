// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../api/get-audit.ts';
import { actionLabel, changedFields, targetLabel } from './describe-entry.ts';

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 'e1',
  actorId: 'a1',
  actorName: 'Adrian Alvarez',
  action: 'user.edit',
  targetType: 'user',
  targetId: '0b6f3a2e-1111-2222-3333-444455556666',
  targetName: null,
  changes: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  ...overrides,
});

describe('audit entry text', () => {
  it('names each action in words and keeps unknown ones as they are', () => {
    expect(actionLabel('user.block')).toBe('Blocked user');
    expect(actionLabel('user.updateFeatures')).toBe('Changed features');
    expect(actionLabel('something.new')).toBe('something.new');
  });

  it('names the target by name, else by email or URL, else by a short id', () => {
    expect(targetLabel(entry({ targetName: 'Nina New' }))).toBe('User: Nina New');
    expect(targetLabel(entry({ changes: { email: 'gone@example.com' } }))).toBe('User: gone@example.com');
    expect(targetLabel(entry({ targetType: 'url', changes: { url: 'https://x.example' } }))).toBe(
      'URL: https://x.example',
    );
    expect(targetLabel(entry({}))).toBe('User 0b6f3a2e');
    expect(targetLabel(entry({ targetType: 'invite', targetId: null }))).toBe('Invitation');
  });

  it('names a cleared bounced address by the address', () => {
    const cleared = entry({
      action: 'email.unsuppress',
      targetType: 'email',
      targetId: null,
      changes: { email: 'gone@example.com', reason: '550 5.1.1 No such user' },
    });
    expect(actionLabel(cleared.action)).toBe('Cleared bounced address');
    expect(targetLabel(cleared)).toBe('Email address: gone@example.com');
    expect(changedFields(cleared)).toEqual(['email: gone@example.com', 'reason: 550 5.1.1 No such user']);
  });

  it('lists the changed fields, feature switches as on/off', () => {
    expect(
      changedFields(
        entry({
          changes: {
            job: 'Architect',
            features: [
              { feature: 'events', enabled: false },
              { feature: 'posts', enabled: true },
            ],
            city: null,
            urls: ['https://a.example', 'https://b.example'],
          },
        }),
      ),
    ).toEqual([
      'job: Architect',
      'features: events off, posts on',
      'city: —',
      'urls: https://a.example, https://b.example',
    ]);
  });

  it('clips long values', () => {
    const [text] = changedFields(
      entry({ changes: { emails: Array.from({ length: 20 }, (_, i) => `u${i}@example.com`) } }),
    );
    expect(text?.length).toBe(80);
    expect(text?.endsWith('…')).toBe(true);
  });

  it('names event cancellations, restores and deletes, by the event’s title', () => {
    expect(actionLabel('event.cancel')).toBe('Cancelled event');
    expect(actionLabel('event.restore')).toBe('Restored event');
    expect(actionLabel('event.delete')).toBe('Deleted event');
    expect(
      targetLabel(
        entry({
          action: 'event.cancel',
          targetType: 'event',
          changes: { title: 'Demo day', reason: 'Rain' },
        }),
      ),
    ).toBe('Event: Demo day');
  });
});
