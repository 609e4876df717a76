import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { AuditLog } from './audit-log.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const item = (id: string, action: string, createdAt: string) => ({
  id,
  actorId: 'a1',
  actorName: 'Adrian Alvarez',
  action,
  targetType: 'user',
  targetId: 'u1',
  targetName: 'Nina New',
  changes: { isBlocked: true },
  createdAt,
});

describe('audit log', () => {
  it('lists who did what to whom, the changes and when, newest first, with Load more', async () => {
    const api = mockApi({
      'GET /api/admin-panel/audit?limit=25': {
        body: { items: [item('e2', 'user.block', '2026-01-02T10:00:00.000Z')], nextCursor: 'c2' },
      },
      'GET /api/admin-panel/audit?cursor=c2&limit=25': {
        body: { items: [item('e1', 'user.add', '2026-01-01T10:00:00.000Z')], nextCursor: null },
      },
    });
    render(<AuditLog />);

    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When', 'Who', 'Action', 'Target', 'Changes']);
    const firstRow = within(table).getAllByRole('row')[1]!;
    expect(within(firstRow).getByText('Adrian Alvarez')).toBeTruthy();
    expect(within(firstRow).getByText('Blocked user')).toBeTruthy();
    expect(within(firstRow).getByText('User: Nina New')).toBeTruthy();
    expect(within(firstRow).getByText('isBlocked: true')).toBeTruthy();
    expect(firstRow.querySelector('time')?.getAttribute('dateTime')).toBe('2026-01-02T10:00:00.000Z');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Added user')).toBeTruthy();
    expect(api.calls.map((call) => call.url)).toEqual([
      '/api/admin-panel/audit?limit=25',
      '/api/admin-panel/audit?cursor=c2&limit=25',
    ]);
  });
});
