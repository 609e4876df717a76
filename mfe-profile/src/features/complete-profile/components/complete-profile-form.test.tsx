import { ApiError } from '@community/api-client';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CompleteProfileForm } from './complete-profile-form.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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

  it('keeps a typed city nobody picked and sends it as text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ items: [] }), { status: 200 })),
    );
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(<CompleteProfileForm initialValues={empty} onSubmit={onSubmit} />);

    const city = screen.getByLabelText('City') as HTMLInputElement;
    fireEvent.focus(city);
    fireEvent.change(city, { target: { value: 'Lisbon' } });
    expect(await screen.findByText('No countries found')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Job'), { target: { value: 'Photographer' } });
    fireEvent.blur(city);
    fireEvent.change(screen.getByLabelText('Company'), { target: { value: 'Studio Luz' } });
    save();

    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ city: 'Lisbon', job: 'Photographer', company: 'Studio Luz' }),
    );
    expect(city.value).toBe('Lisbon');
  });

  it('sends a picked city with its place', async () => {
    const lisbon = {
      id: 2267057,
      name: 'Lisbon',
      country: 'PT',
      adminCode: '14',
      population: 517_802,
      lat: 38.7,
      lng: -9.1,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ items: [lisbon] }), { status: 200 })),
    );
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(
      <CompleteProfileForm
        initialValues={{ city: '', job: 'Photographer', company: 'Studio Luz' }}
        onSubmit={onSubmit}
      />,
    );

    const city = screen.getByLabelText('City');
    fireEvent.focus(city);
    fireEvent.change(city, { target: { value: 'Lis' } });
    fireEvent.click(await screen.findByText('Lisbon, Portugal'));
    await waitFor(() =>
      expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Lisbon, Portugal'),
    );
    save();

    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        city: 'Lisbon, Portugal',
        cityId: 2267057,
        job: 'Photographer',
        company: 'Studio Luz',
      }),
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
