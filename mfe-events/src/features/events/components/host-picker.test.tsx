import { applyPresenceChange, applyPresenceSnapshot, resetPresence } from '@community/api-client';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, type RecordedCall, stubFetch } from '../../../test/fetch-stub.ts';
import { HostPicker } from './host-picker.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetPresence();
});

const ada = {
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  pseudo: 'ada',
  imageUrl: null,
  lastOfflineAt: '2026-11-23T10:00:00.000Z',
};
const badRequest = () => json(400, { error: 'SearchName is required' });
const searches = (calls: RecordedCall[]) =>
  calls.map((call) => call.path.replace('/api/users/community-members', ''));

function renderPicker() {
  const onChange = vi.fn();
  render(<HostPicker id="host" hostId="" hostName="" onChange={onChange} />);
  return onChange;
}

describe('host picker', () => {
  it('asks for everyone with a space while the box is empty, and lists the members found', async () => {
    const calls = stubFetch({ 'GET /api/users/community-members': () => json(200, { items: [ada] }) });
    const onChange = renderPicker();
    fireEvent.focus(screen.getByRole('combobox', { name: 'Host' }));
    expect(screen.getByText('Loading users...')).toBeTruthy();
    const option = await screen.findByRole('option', { name: /Ada Lovelace/ });
    expect(searches(calls)).toEqual(['?SearchName=%20']);
    fireEvent.click(option);
    expect(onChange).toHaveBeenCalledWith({ hostId: 'u1', hostName: 'Ada Lovelace' });
  });

  it('retries a 400 with SearchName=a, then with a space', async () => {
    const answers = [
      () => json(200, { items: [] }),
      badRequest,
      badRequest,
      () => json(200, { items: [ada] }),
    ];
    const calls = stubFetch({ 'GET /api/users/community-members': () => answers.shift()!() });
    renderPicker();
    const box = screen.getByRole('combobox', { name: 'Host' });
    fireEvent.focus(box);
    await screen.findByText('No users found');
    fireEvent.change(box, { target: { value: '%%' } });
    await screen.findByRole('option', { name: /Ada Lovelace/ });
    expect(searches(calls)).toEqual([
      '?SearchName=%20',
      '?SearchName=%25%25',
      '?SearchName=a',
      '?SearchName=%20',
    ]);
  });

  it("shows each member's online dot, live", async () => {
    stubFetch({ 'GET /api/users/community-members': () => json(200, { items: [ada] }) });
    renderPicker();
    fireEvent.focus(screen.getByRole('combobox', { name: 'Host' }));
    const option = await screen.findByRole('option', { name: /Ada Lovelace/ });
    expect(within(option).getByRole('img', { name: 'Offline' })).toBeTruthy();
    await act(async () => {
      applyPresenceSnapshot([]);
      applyPresenceChange('u1', null);
    });
    expect(within(option).getByRole('img', { name: 'Online' })).toBeTruthy();
  });

  it('waits 300 ms after typing before searching', async () => {
    const calls = stubFetch({ 'GET /api/users/community-members': () => json(200, { items: [ada] }) });
    renderPicker();
    const box = screen.getByRole('combobox', { name: 'Host' });
    fireEvent.focus(box);
    await screen.findByRole('option', { name: /Ada/ });
    fireEvent.change(box, { target: { value: 'Ad' } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    fireEvent.change(box, { target: { value: 'Ada' } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    // 300 ms have passed since 'Ad' but not since 'Ada': nothing was searched yet.
    expect(searches(calls)).toEqual(['?SearchName=%20']);
    await waitFor(() => expect(searches(calls)).toEqual(['?SearchName=%20', '?SearchName=Ada']));
  });

  it('shows "Error: {message}" with Retry when every attempt fails, and Retry starts again', async () => {
    let fail = true;
    const calls = stubFetch({
      'GET /api/users/community-members': () => (fail ? badRequest() : json(200, { items: [] })),
    });
    renderPicker();
    fireEvent.focus(screen.getByRole('combobox', { name: 'Host' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error: SearchName is required');
    expect(searches(calls)).toEqual(['?SearchName=%20']);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No users found')).toBeTruthy();
    expect(searches(calls).slice(1)).toEqual(['?SearchName=%20']);
  });

  it('does not retry other failures', async () => {
    const calls = stubFetch({
      'GET /api/users/community-members': () => json(500, { error: 'Database unavailable' }),
    });
    renderPicker();
    fireEvent.focus(screen.getByRole('combobox', { name: 'Host' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Database unavailable');
    await waitFor(() => expect(calls).toHaveLength(1));
  });
});
