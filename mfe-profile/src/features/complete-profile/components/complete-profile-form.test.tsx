import { ApiError } from '@community/api-client';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CompleteProfileForm } from './complete-profile-form.tsx';

afterEach(cleanup);

const empty = { city: '', job: '', company: '' };
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));

describe('complete profile form', () => {
  it('requires city, job and company', async () => {
    const onSubmit = vi.fn();
    render(<CompleteProfileForm initialValues={empty} onSubmit={onSubmit} />);

    save();

    expect(await screen.findByText('City is required')).toBeTruthy();
    expect(screen.getByText('Job is required')).toBeTruthy();
    expect(screen.getByText('Company is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('is prefilled with what the user already has', () => {
    render(
      <CompleteProfileForm initialValues={{ city: 'Boston', job: '', company: 'Acme' }} onSubmit={vi.fn()} />,
    );
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Boston');
    expect((screen.getByLabelText('Company') as HTMLInputElement).value).toBe('Acme');
  });

  it('submits the three fields, trimmed', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(
      <CompleteProfileForm
        initialValues={{ city: ' Boston ', job: 'Engineer', company: 'Acme' }}
        onSubmit={onSubmit}
      />,
    );

    save();

    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ city: 'Boston', job: 'Engineer', company: 'Acme' }),
    );
  });

  it("shows the server's field messages", async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValue(new ApiError(400, 'Invalid input', [{ path: 'job', message: 'Job is required' }]));
    render(
      <CompleteProfileForm
        initialValues={{ city: 'Boston', job: 'x', company: 'Acme' }}
        onSubmit={onSubmit}
      />,
    );

    save();

    expect(await screen.findByText('Job is required')).toBeTruthy();
  });
});
