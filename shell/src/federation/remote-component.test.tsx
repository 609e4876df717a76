import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const loadRemoteModule = vi.fn();
vi.mock('./remote-loader.ts', () => ({
  loadRemoteModule: (...args: unknown[]) => loadRemoteModule(...args),
}));

const { remoteComponent } = await import('./remote-component.tsx');
const { RemoteVersionError } = await import('./remote-versions.ts');

afterEach(() => {
  cleanup();
  loadRemoteModule.mockReset();
  vi.restoreAllMocks();
});

describe('remote component', () => {
  it('shows the fallback while the remote loads, then the remote with its props', async () => {
    let resolve: (module: unknown) => void = () => {};
    loadRemoteModule.mockReturnValue(new Promise((r) => (resolve = r)));
    const Greeting = remoteComponent<{ name: string }>('mfe_events/Greeting', <p>Loading…</p>);

    render(<Greeting name="Ada" />);
    expect(screen.getByText('Loading…')).toBeTruthy();

    resolve({ default: ({ name }: { name: string }) => <p>Hello {name}</p> });
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
    expect(loadRemoteModule).toHaveBeenCalledWith('mfe_events/Greeting', { retry: false });
  });

  it('shows an error card instead of a blank page when the remote cannot be loaded, and retries', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    loadRemoteModule
      .mockRejectedValueOnce(new Error('Failed to load script resources'))
      .mockResolvedValueOnce({ default: () => <p>Spaces</p> });
    const SpaceList = remoteComponent('mfe_spaces/SpaceList', <p>Loading…</p>);

    render(<SpaceList />);
    expect(await screen.findByText('This section could not be loaded')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Spaces')).toBeTruthy();
    expect(loadRemoteModule).toHaveBeenLastCalledWith('mfe_spaces/SpaceList', { retry: true });
  });

  it("loads its module again when its remote's dev server announces a hot update", async () => {
    loadRemoteModule.mockImplementation(async (id: string) => ({
      default: () => <p>{id === 'mfe_events/Calendar' ? 'Events v1' : 'Spaces'}</p>,
    }));
    const EventsPage = remoteComponent('mfe_events/Calendar', <p>Loading…</p>);
    const SpaceList = remoteComponent('mfe_spaces/Sidebar', <p>Loading…</p>);

    render(
      <>
        <EventsPage />
        <SpaceList />
      </>,
    );
    expect(await screen.findByText('Events v1')).toBeTruthy();
    expect(await screen.findByText('Spaces')).toBeTruthy();
    loadRemoteModule.mockClear();
    loadRemoteModule.mockResolvedValue({ default: () => <p>Events v2</p> });

    dispatchEvent(new CustomEvent('community:remote-update', { detail: { name: 'mfe_events' } }));

    expect(await screen.findByText('Events v2')).toBeTruthy();
    expect(loadRemoteModule).toHaveBeenCalledTimes(1); // the other remote's area is left alone
    expect(loadRemoteModule).toHaveBeenCalledWith('mfe_events/Calendar', { retry: true });
  });

  it('says why a remote built for other shared versions was refused', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    loadRemoteModule.mockRejectedValueOnce(
      new RemoteVersionError('mfe_events 2.0.0 needs react ^20.0.0; this app has 19.3.1.'),
    );
    const EventsPage = remoteComponent('mfe_events/EventsPage', <p>Loading…</p>);

    render(<EventsPage />);
    expect(await screen.findByText('This section could not be loaded')).toBeTruthy();
    expect(screen.getByText('mfe_events 2.0.0 needs react ^20.0.0; this app has 19.3.1.')).toBeTruthy();
  });
});
