import type { Community } from '@community/domain';
import { toaster } from '@community/ui';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { CommunitySettings } from './community-settings.tsx';

const community: Community = {
  id: 'c1',
  name: 'Demo Community',
  communityName: 'Demo Community',
  communityLogo: null,
  communityUrl: 'demo',
  ownerId: 'o1',
  ownerName: 'Olivia Owner',
  timeZone: 'America/New_York',
  welcomeText: 'Welcome!',
  emailImages: false,
};
let toastSpy: MockInstance<(typeof toaster)['create']>;
const toasts = () => toastSpy.mock.calls.map(([options]) => (options as { title: string }).title);

beforeEach(() => {
  toastSpy = vi.spyOn(toaster, 'create');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('edit community', () => {
  it('shows name, read-only owner and the URL with the product’s domain suffix', async () => {
    mockApi({ 'GET /api/community': { body: community } });
    render(<CommunitySettings />);
    const form = await screen.findByRole('form', { name: 'Edit Community' });
    expect((within(form).getByLabelText('Community Name') as HTMLInputElement).value).toBe('Demo Community');
    const owner = within(form).getByLabelText('Owner') as HTMLInputElement;
    expect(owner.value).toBe('Olivia Owner');
    expect(owner.readOnly).toBe(true);
    expect((within(form).getByLabelText('Community URL') as HTMLInputElement).value).toBe('demo');
    expect(within(form).getByText('.community.example')).toBeTruthy();
  });

  it('needs a name, a logo and a URL', async () => {
    const api = mockApi({ 'GET /api/community': { body: community } });
    render(<CommunitySettings />);
    const form = await screen.findByRole('form', { name: 'Edit Community' });
    fireEvent.change(within(form).getByLabelText('Community Name'), { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText('Community URL'), { target: { value: ' ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));

    expect(await within(form).findByText('Community name is required')).toBeTruthy();
    expect(within(form).getByText('Community logo is required')).toBeTruthy();
    expect(within(form).getByText('Community URL is required')).toBeTruthy();
    expect(api.writes()).toEqual([]);
  });

  it('uploads an image logo with progress, then saves: "Community updated successfully"', async () => {
    const progress: ((event: ProgressEvent) => void)[] = [];
    let finish: () => void = () => {};
    class FakeXhr {
      status = 0;
      response: unknown = null;
      upload = {
        addEventListener: (_: string, listener: (event: ProgressEvent) => void) => progress.push(listener),
      };
      listeners: Record<string, () => void> = {};
      withCredentials = false;
      responseType = '';
      open = vi.fn();
      setRequestHeader = vi.fn();
      addEventListener(type: string, listener: () => void) {
        this.listeners[type] = listener;
      }
      send() {
        finish = () => {
          this.status = 201;
          this.response = { key: 'community/logo.png', url: 'http://x/api/files/community/logo.png' };
          this.listeners.load?.();
        };
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:logo');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const api = mockApi({
      'GET /api/community': { body: community },
      'PATCH /api/community': (body) => ({ body: { ...community, ...(body as object) } }),
    });
    render(<CommunitySettings />);
    const form = await screen.findByRole('form', { name: 'Edit Community' });

    fireEvent.change(within(form).getByLabelText('Logo'), {
      target: { files: [new File(['png'], 'logo.png', { type: 'image/png' })] },
    });
    await act(async () => progress[0]?.({ lengthComputable: true, loaded: 1, total: 2 } as ProgressEvent));
    expect(
      within(form).getByRole('progressbar', { name: 'Logo upload progress' }).getAttribute('aria-valuenow'),
    ).toBe('50');
    await act(async () => finish());
    expect(within(form).getByRole('img', { name: 'Community logo' }).getAttribute('src')).toBe('blob:logo');

    fireEvent.change(within(form).getByLabelText('Community Name'), { target: { value: 'Renamed' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(toasts()).toContain('Community updated successfully'));
    expect(api.writes()[0]?.body).toEqual({
      communityName: 'Renamed',
      communityLogo: 'community/logo.png',
      communityUrl: 'demo',
      emailImages: false,
    });
  });

  it('turns the logo in emails on, off by default, saying what the image tells this server', async () => {
    const api = mockApi({
      'GET /api/community': { body: { ...community, communityLogo: 'https://example.com/logo.png' } },
      'PATCH /api/community': (body) => ({ body: { ...community, ...(body as object) } }),
    });
    render(<CommunitySettings />);
    const form = await screen.findByRole('form', { name: 'Edit Community' });
    const toggle = within(form).getByRole('switch', { name: 'Show the logo in emails' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(toggle.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(toggle.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /Mail apps fetch the logo from this server, which tells it when an email is opened/,
    );

    fireEvent.click(toggle);
    expect(toggle.checked).toBe(true);
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(toasts()).toContain('Community updated successfully'));
    expect(api.writes()[0]?.body).toEqual({
      communityName: 'Demo Community',
      communityLogo: 'https://example.com/logo.png',
      communityUrl: 'demo',
      emailImages: true,
    });
  });

  it('shows the switch as saved, and none for an API that knows no such setting', async () => {
    const { emailImages: _, ...older } = community;
    const api = mockApi({
      'GET /api/community': { body: { ...older, communityLogo: 'https://example.com/logo.png' } },
      'PATCH /api/community': (body) => ({ body: { ...older, ...(body as object) } }),
    });
    render(<CommunitySettings />);
    const form = await screen.findByRole('form', { name: 'Edit Community' });
    expect(within(form).queryByRole('switch')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).not.toHaveProperty('emailImages');
    cleanup();

    mockApi({ 'GET /api/community': { body: { ...community, emailImages: true } } });
    render(<CommunitySettings />);
    const toggle = (await screen.findByRole('switch', {
      name: 'Show the logo in emails',
    })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
  });

  it('accepts images only for the logo: "Upload Failed"', async () => {
    mockApi({ 'GET /api/community': { body: community } });
    render(<CommunitySettings />);
    const form = await screen.findByRole('form', { name: 'Edit Community' });
    fireEvent.change(within(form).getByLabelText('Logo'), {
      target: { files: [new File(['%PDF'], 'logo.pdf', { type: 'application/pdf' })] },
    });
    expect(toasts()).toContain('Upload Failed');
    expect(within(form).getByText('Invalid file type.')).toBeTruthy();
  });

  it('shows a stored logo through a signed URL', async () => {
    mockApi({
      'GET /api/community': { body: { ...community, communityLogo: 'community/a.png' } },
      'GET /api/aws-s3/url': {
        body: { url: '/api/files/community/a.png?expires=1&signature=s', expiresIn: 900 },
      },
    });
    render(<CommunitySettings />);
    const logo = await screen.findByRole('img', { name: 'Community logo' });
    expect(logo.getAttribute('src')).toBe('/api/files/community/a.png?expires=1&signature=s');
  });

  it('says "Failed to update community" with the server’s reason', async () => {
    mockApi({
      'GET /api/community': { body: { ...community, communityLogo: 'https://example.com/logo.png' } },
      'PATCH /api/community': {
        status: 409,
        body: {
          error: 'This community URL is already taken.',
          issues: [{ path: 'communityUrl', message: 'This community URL is already taken.' }],
        },
      },
    });
    render(<CommunitySettings />);
    const form = await screen.findByRole('form', { name: 'Edit Community' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));

    expect(await within(form).findByText('This community URL is already taken.')).toBeTruthy();
    expect(toasts()).toContain('Failed to update community');
  });

  it('says "No community found" or "Failed to fetch community data"', async () => {
    mockApi({ 'GET /api/community': { status: 404, body: { error: 'No community found' } } });
    render(<CommunitySettings />);
    expect(await screen.findByText('No community found')).toBeTruthy();
    cleanup();
    mockApi({ 'GET /api/community': { status: 500, body: { error: 'Internal server error' } } });
    render(<CommunitySettings />);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(toasts()).toEqual(['No community found', 'Failed to fetch community data']);
  });
});

describe('invitation link', () => {
  it('checks the email: "Invalid email address"', async () => {
    const api = mockApi({ 'GET /api/community': { body: community } });
    render(<CommunitySettings />);
    const form = await screen.findByRole('form', { name: 'Generate Invitation Link' });
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'nope' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Generate Link' }));
    expect(await within(form).findByText('Invalid email address')).toBeTruthy();
    expect(api.writes()).toEqual([]);
  });

  it('generates a link for the community’s subdomain and copies it with a 2000 ms confirmation', async () => {
    const link = 'http://localhost/auth/accept-invite?token=abc';
    const api = mockApi({
      'GET /api/community': { body: community },
      'POST /api/community/invite': { status: 201, body: { invitationLink: link } },
    });
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<CommunitySettings />);
    const form = await screen.findByRole('form', { name: 'Generate Invitation Link' });
    expect((within(form).getByLabelText('Community Subdomain') as HTMLInputElement).value).toBe('demo');
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'guest@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Generate Link' }));

    const field = (await screen.findByLabelText('Invitation link')) as HTMLInputElement;
    expect(field.value).toBe(link);
    expect(api.writes()[0]?.body).toEqual({ email: 'guest@example.com', communitySubdomain: 'demo' });
    expect(toasts()).toContain('Invitation link generated successfully!');

    vi.useFakeTimers();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy' })));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(toasts()).toContain('Invite link copied to clipboard!');
    await act(async () => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
  });

  it('says "Invitation sent to …" once when the platform emailed it, and still offers the link', async () => {
    const link = 'http://localhost:8787/auth/accept-invite?token=sent-token';
    mockApi({
      'GET /api/community': { body: community },
      'POST /api/community/invite': { status: 201, body: { invitationLink: link, emailed: true } },
    });
    render(<CommunitySettings />);
    const form = await screen.findByRole('form', { name: 'Generate Invitation Link' });
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'guest@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Generate Link' }));

    expect(((await screen.findByLabelText('Invitation link')) as HTMLInputElement).value).toBe(link);
    expect(toasts()).toEqual(['Invitation sent to guest@example.com']);
    expect(
      screen.getByText(/Invitation sent to guest@example.com\. You can also share the link yourself/),
    ).toBeTruthy();
  });

  it('says the address bounced before instead of "Invitation sent", and offers the link', async () => {
    const link = 'http://localhost:8787/auth/accept-invite?token=bounced-token';
    mockApi({
      'GET /api/community': { body: community },
      'POST /api/community/invite': {
        status: 201,
        body: { invitationLink: link, emailed: false, bounced: true },
      },
    });
    render(<CommunitySettings />);
    const form = await screen.findByRole('form', { name: 'Generate Invitation Link' });
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'gone@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Generate Link' }));

    expect(((await screen.findByLabelText('Invitation link')) as HTMLInputElement).value).toBe(link);
    expect(toasts()).toEqual(['Not emailed: gone@example.com bounced before']);
    expect(screen.queryByText(/Invitation sent to/)).toBeNull();
  });

  it('says "Failed to generate invite link" and "Failed to copy to clipboard."', async () => {
    mockApi({
      'GET /api/community': { body: community },
      'POST /api/community/invite': (body) =>
        (body as { email: string }).email === 'bad@example.com'
          ? { status: 400, body: { error: 'This invitation is for another community.' } }
          : { status: 201, body: { invitationLink: 'http://localhost/auth/accept-invite?token=t' } },
    });
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) },
    });
    render(<CommunitySettings />);
    const form = await screen.findByRole('form', { name: 'Generate Invitation Link' });
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'bad@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Generate Link' }));
    await waitFor(() => expect(toasts()).toContain('Failed to generate invite link'));

    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'ok@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Generate Link' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(toasts()).toContain('Failed to copy to clipboard.'));
  });
});
