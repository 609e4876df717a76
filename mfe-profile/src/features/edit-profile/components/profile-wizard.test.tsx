import { session } from '@community/api-client';
import type { User } from '@community/domain';
import { toast } from '@community/ui';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const uploadFile = vi.fn();
vi.mock('@community/api-client', async (original) => ({
  ...(await original<typeof import('@community/api-client')>()),
  uploadFile: (...args: unknown[]) => uploadFile(...args),
}));

const { ProfileWizard } = await import('./profile-wizard.tsx');

const ada: User = {
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  pseudo: 'ada',
  job: 'Engineer',
  company: 'Analytical Engines',
  address: { city: 'London', cityId: 2643743, country: 'GB', lat: 51.5, lng: -0.12 },
  bio: 'First programmer.',
  interests: ['math'],
  imageUrl: null,
  coverImageUrl: null,
  lastOfflineAt: null,
  role: 'USER',
  memberSince: '2020-01-01T00:00:00.000Z',
  contact: { email: null, phone: null },
  email: 'ada@example.com',
  phone: '+442079460958',
  dateOfBirth: null,
  showEmail: false,
  showPhone: false,
  emailPreferences: { messages: true, mentions: true, events: true, digest: true, digestDay: 1 },
  // The browser's own: a save then carries no timeZone (it goes only when they differ).
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  isBlocked: false,
  features: [{ feature: 'content', enabled: true }],
};

const today = new Date('2026-03-15T12:00:00');
type Call = { method: string; path: string; body: unknown };
let calls: Call[] = [];

const paris = {
  id: 2988507,
  name: 'Paris',
  country: 'FR',
  adminCode: '11',
  population: 2_138_551,
  lat: 48.85,
  lng: 2.35,
};

function answer(status: number, body: unknown, cities: unknown[] = []) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push({
        method: init.method ?? 'GET',
        path: url.pathname,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      const [answerStatus, answerBody] =
        url.pathname === '/api/cities' ? [200, { items: cities }] : [status, body];
      return new Response(JSON.stringify(answerBody), {
        status: answerStatus,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const stepTitle = () => screen.getByRole('heading', { level: 3 }).textContent;
async function goToLastStep() {
  for (let i = 0; i < 3; i++) fireEvent.click(button('Next'));
  await screen.findByRole('button', { name: 'Save Changes' });
}

function renderWizard(user: User = ada) {
  const onSaved = vi.fn();
  render(<ProfileWizard user={user} onSaved={onSaved} now={today} />);
  return { onSaved };
}

beforeEach(() => {
  session.user = ada;
  session.status = 'signed-in';
  answer(200, { user: ada });
  uploadFile.mockReset();
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
  vi.spyOn(toast, 'info');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Edit Profile wizard', () => {
  it('walks the four steps: Previous disabled at the first, Save Changes on the last', async () => {
    renderWizard();
    expect(stepTitle()).toBe('Personal Information');
    expect(button('Previous').disabled).toBe(true);
    expect(
      screen.getByRole('progressbar', { name: 'Edit profile progress' }).getAttribute('aria-valuenow'),
    ).toBe('1');
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();

    fireEvent.click(button('Next'));
    expect(stepTitle()).toBe('Professional Information');
    expect(button('Previous').disabled).toBe(false);
    fireEvent.click(button('Next'));
    expect(stepTitle()).toBe('Location');
    fireEvent.click(button('Next'));
    expect(stepTitle()).toBe('Bio & Interests');
    expect(
      screen.getByRole('progressbar', { name: 'Edit profile progress' }).getAttribute('aria-valuenow'),
    ).toBe('4');
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(button('Save Changes')).toBeTruthy();

    fireEvent.click(button('Previous'));
    expect(stepTitle()).toBe('Location');
  });

  it("Next checks the step's fields first", () => {
    renderWizard();
    type('First Name', '   ');
    fireEvent.click(button('Next'));
    expect(stepTitle()).toBe('Personal Information');
    expect(screen.getByText('First name is required')).toBeTruthy();

    type('First Name', 'Augusta');
    fireEvent.click(button('Next'));
    expect(stepTitle()).toBe('Professional Information');
  });

  it('saving with nothing changed says "No changes" and sends nothing', async () => {
    const { onSaved } = renderWizard();
    await goToLastStep();
    fireEvent.click(button('Save Changes'));
    await waitFor(() =>
      expect(toast.info).toHaveBeenCalledWith('No changes', 'Please make some changes before saving'),
    );
    expect(calls).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('sends only the changed fields, updates the session and closes', async () => {
    const saved = { ...ada, job: 'Mathematician', interests: ['math', 'poetry'] };
    answer(200, { user: saved });
    const { onSaved } = renderWizard();
    fireEvent.click(button('Next'));
    type('Job Title', 'Mathematician');
    fireEvent.click(button('Next'));
    fireEvent.click(button('Next'));
    type('Interests', '#poetry');
    fireEvent.keyDown(field('Interests'), { key: 'Enter' });
    fireEvent.click(button('Save Changes'));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(calls).toEqual([
      {
        method: 'PATCH',
        path: '/api/users/u1',
        body: { job: 'Mathematician', interests: ['math', 'poetry'] },
      },
    ]);
    expect(session.user).toEqual(saved);
    expect(toast.success).toHaveBeenCalledWith(
      'Profile updated',
      'Your profile has been updated successfully',
    );
  });

  it('turns the email about unread direct messages off, and sends only that', async () => {
    const saved = {
      ...ada,
      emailPreferences: { messages: false, mentions: true, events: true, digest: true, digestDay: 1 },
    };
    answer(200, { user: saved });
    const { onSaved } = renderWizard();
    const toggle = field("Email me when direct messages wait for me while I'm away");
    expect(toggle.checked).toBe(true);
    expect(field("Email me when I'm mentioned or my posts get comments while I'm away").checked).toBe(true);
    fireEvent.click(toggle);
    await goToLastStep();
    fireEvent.click(button('Save Changes'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(calls).toEqual([
      { method: 'PATCH', path: '/api/users/u1', body: { emailPreferences: { messages: false } } },
    ]);
  });

  it('sends the weekly digest day picked, or never, with the browser time zone when it is new', async () => {
    answer(200, { user: ada });
    const { onSaved } = renderWizard({ ...ada, timeZone: null });
    const digest = field('Weekly digest') as unknown as HTMLSelectElement;
    expect(digest.value).toBe('1');
    fireEvent.change(digest, { target: { value: '5' } });
    await goToLastStep();
    fireEvent.click(button('Save Changes'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({
      emailPreferences: { digest: true, digestDay: 5 },
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('turns the weekly digest off with Never, and sends nothing when nothing changed', async () => {
    answer(200, { user: ada });
    renderWizard();
    fireEvent.change(field('Weekly digest'), { target: { value: 'never' } });
    await goToLastStep();
    fireEvent.click(button('Save Changes'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ emailPreferences: { digest: false } });
  });

  it('shows the current city and sends a picked city as its place', async () => {
    answer(200, { user: ada }, [paris]);
    renderWizard();
    fireEvent.click(button('Next'));
    fireEvent.click(button('Next'));
    const city = field('City');
    expect(city.value).toBe('London');
    fireEvent.focus(city);
    fireEvent.change(city, { target: { value: 'Par' } });
    fireEvent.click(await screen.findByText('Paris, France'));
    await waitFor(() => expect(field('City').value).toBe('Paris, France'));
    expect(calls[0]?.path).toBe('/api/cities');

    fireEvent.click(button('Next'));
    fireEvent.click(button('Save Changes'));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ method: 'PATCH', body: { cityId: 2988507 } }));
  });

  it('shows a stored E.164 number as its country and national number, and sends E.164 back', async () => {
    renderWizard();
    expect((screen.getByLabelText('Phone country') as HTMLSelectElement).value).toBe('GB');
    expect(field('Phone Number').value).toBe('2079460958');

    fireEvent.change(screen.getByLabelText('Phone country'), { target: { value: 'US' } });
    type('Phone Number', '(202) 555-0143');
    await goToLastStep();
    fireEvent.click(button('Save Changes'));
    await waitFor(() => expect(calls[0]?.body).toEqual({ phone: '+12025550143' }));
  });

  it('defaults the phone country to US and refuses an invalid number on its step', async () => {
    renderWizard({ ...ada, phone: null });
    expect((screen.getByLabelText('Phone country') as HTMLSelectElement).value).toBe('US');
    type('Phone Number', '123');
    fireEvent.click(button('Next'));
    expect(screen.getByText('Enter a valid phone number')).toBeTruthy();
    expect(stepTitle()).toBe('Personal Information');
  });

  it('bounds the date of birth between 1900-01-01 and today', () => {
    renderWizard();
    expect(field('Date of Birth').min).toBe('1900-01-01');
    expect(field('Date of Birth').max).toBe('2026-03-15');
    type('Date of Birth', '2026-03-16');
    fireEvent.click(button('Next'));
    expect(screen.getByText('Date of birth must be between 1900-01-01 and today')).toBeTruthy();
    type('Date of Birth', '1899-12-31');
    fireEvent.click(button('Next'));
    expect(screen.getByText('Date of birth must be between 1900-01-01 and today')).toBeTruthy();
    type('Date of Birth', '1900-01-01');
    fireEvent.click(button('Next'));
    expect(stepTitle()).toBe('Professional Information');
  });

  it('asks for the current password when the email changes', async () => {
    renderWizard();
    expect(screen.queryByLabelText(/Current password/)).toBeNull();
    type('Email', 'augusta@example.com');
    expect(screen.getByLabelText(/Current password/)).toBeTruthy();
    fireEvent.click(button('Next'));
    expect(screen.getByText('Enter your current password to change your email')).toBeTruthy();
    type('Current password', 'correct horse');
    fireEvent.click(button('Next'));
    expect(stepTitle()).toBe('Professional Information');
  });

  it('adds interests by Enter or Add: trimmed, # removed, empty and duplicates ignored, removable', async () => {
    renderWizard();
    await goToLastStep();
    type('Interests', '  #design  ');
    fireEvent.click(button('Add'));
    type('Interests', 'math');
    fireEvent.keyDown(field('Interests'), { key: 'Enter' });
    type('Interests', '   ');
    fireEvent.click(button('Add'));
    const tags = () =>
      [...screen.getByRole('list', { name: 'Your interests' }).querySelectorAll('li')].map(
        (li) => li.textContent,
      );
    expect(tags()).toEqual(['#math', '#design']);
    expect(field('Interests').value).toBe('');

    fireEvent.click(button('Remove #math'));
    expect(tags()).toEqual(['#design']);
  });

  it('counts the bio against its limit', async () => {
    renderWizard();
    await goToLastStep();
    expect(screen.getByText('17 / 2000')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Bio'), { target: { value: 'Hi' } });
    expect(screen.getByText('2 / 2000')).toBeTruthy();
  });

  it("shows the server's field problem on its step and toasts the failure", async () => {
    answer(400, {
      error: 'Invalid input',
      requestId: 'f47ac10b-58cc-4372-a567-0e02b2c3d479',
      issues: [{ path: 'pseudo', message: 'This pseudo is taken' }],
    });
    renderWizard();
    type('Pseudo', 'countess');
    await goToLastStep();
    fireEvent.click(button('Save Changes'));

    expect(await screen.findByText('This pseudo is taken')).toBeTruthy();
    expect(stepTitle()).toBe('Personal Information');
    expect(toast.error).toHaveBeenCalledWith(
      'Failed to update profile',
      'An error occurred while updating your profile',
      { reference: 'f47ac10b-58cc-4372-a567-0e02b2c3d479' },
    );
  });

  it('offers no photo pickers without the content feature', () => {
    session.user = { ...ada, features: [] };
    renderWizard();
    expect(screen.queryByText('Profile image')).toBeNull();
    expect(screen.queryByText('Cover image')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'First Name' })).toBeTruthy();
  });

  it('uploads a profile image to the users bucket with progress, then says "Image uploaded"', async () => {
    let finish: (value: { key: string; url: string }) => void = () => {};
    uploadFile.mockImplementation(
      (_bucket: string, _file: File, onProgress: (percent: number) => void) =>
        new Promise((resolve) => {
          onProgress(40);
          finish = resolve;
        }),
    );
    renderWizard();
    const file = new File(['x'], 'me.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Profile image'), { target: { files: [file] } });

    const progress = await screen.findByRole('progressbar', { name: 'Uploading profile image' });
    expect(progress.getAttribute('aria-valuenow')).toBe('40');
    expect(uploadFile.mock.calls[0]?.[0]).toBe('users');
    await act(async () => finish({ key: 'users/me.png', url: 'http://localhost/api/files/users/me.png' }));
    expect(toast.success).toHaveBeenCalledWith('Image uploaded');

    await goToLastStep();
    fireEvent.click(button('Save Changes'));
    await waitFor(() =>
      expect(calls[0]?.body).toEqual({ imageUrl: 'http://localhost/api/files/users/me.png' }),
    );
  });

  it('says "Upload failed" when the upload fails, and refuses files that are not images', async () => {
    uploadFile.mockRejectedValue(new Error('network'));
    renderWizard();
    fireEvent.change(screen.getByLabelText('Profile image'), {
      target: { files: [new File(['x'], 'me.png', { type: 'image/png' })] },
    });
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Upload failed',
        'An error occurred while uploading profile picture',
        { reference: null },
      ),
    );

    fireEvent.change(screen.getByLabelText('Cover image'), {
      target: { files: [new File(['x'], 'notes.pdf', { type: 'application/pdf' })] },
    });
    expect(screen.getByText('Invalid file type.')).toBeTruthy();
    expect(uploadFile).toHaveBeenCalledTimes(1);
  });
});
