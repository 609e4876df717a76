import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SpaceForm } from './space-form.tsx';

afterEach(cleanup);

function renderForm(onSubmit = vi.fn(async () => {})) {
  render(<SpaceForm mode="create" submitLabel="Create space" onSubmit={onSubmit} onCancel={() => {}} />);
  return onSubmit;
}

describe('space form', () => {
  it('starts empty, PRIVATE and #3B82F6', () => {
    renderForm();
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).value).toBe('');
    expect((screen.getByRole('radio', { name: 'Private' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Color' }) as HTMLInputElement).value).toBe('#3B82F6');
  });

  it('shows the spec’s messages for a missing name, a short description and a short color', async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), 'ab');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Color' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Color' }), '#1');
    await userEvent.click(screen.getByRole('button', { name: 'Create space' }));
    expect(await screen.findByText('Space name is required.')).toBeTruthy();
    expect(screen.getByText('Description must be at least 3 characters.')).toBeTruthy();
    expect(screen.getByText('Color is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('rejects a description longer than 250 characters', async () => {
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Designers');
    const description = screen.getByRole('textbox', { name: 'Description' });
    await userEvent.click(description);
    await userEvent.paste('a'.repeat(251));
    await userEvent.click(screen.getByRole('button', { name: 'Create space' }));
    expect(await screen.findByText('Description must be at most 250 characters.')).toBeTruthy();
  });

  it('sends the checked values', async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), '  Designers ');
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), 'Pixels and type');
    await userEvent.click(screen.getByRole('radio', { name: 'Public' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create space' }));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Designers',
      description: 'Pixels and type',
      type: 'PUBLIC',
      color: '#3B82F6',
    });
  });
});
