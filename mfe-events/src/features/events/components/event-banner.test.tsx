import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { EventBanner } from './event-banner.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const figure = () => document.querySelector('figure') as HTMLElement;

describe('event banner', () => {
  it('shows the default banner when the event has none', () => {
    render(<EventBanner bannerUrl={null} />);
    expect(figure().dataset.state).toBe('loaded');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('signs an uploaded banner first, loads it, then shows it', async () => {
    const calls = stubFetch({
      'GET /api/aws-s3/url': () =>
        json(200, { url: 'http://localhost/api/files/events/a.png?expires=1&signature=s', expiresIn: 900 }),
    });
    render(<EventBanner bannerUrl="http://localhost/api/files/events/a.png" />);
    expect(figure().dataset.state).toBe('loading');
    const image = await screen.findByRole('img', { name: 'Event banner' });
    expect(calls[0]?.path).toBe('/api/aws-s3/url?key=events%2Fa.png');
    expect(image.getAttribute('src')).toContain('signature=s');
    // Re-query each time: a re-render may have replaced the element the first query found.
    await waitFor(() => {
      fireEvent.load(screen.getByRole('img', { name: 'Event banner' }));
      expect(figure().dataset.state).toBe('loaded');
    });
  });

  it('says "Failed to get signed URL" and shows the default banner when signing fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({ 'GET /api/aws-s3/url': () => json(404, { error: 'File not found' }) });
    render(<EventBanner bannerUrl="http://localhost/api/files/events/gone.png" />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to get signed URL');
    expect(figure().dataset.state).toBe('failed');
  });

  it('says "Failed to load banner image" and falls back when the image does not load', () => {
    render(<EventBanner bannerUrl="https://images.example.com/banner.png" />);
    fireEvent.error(screen.getByRole('img', { name: 'Event banner' }));
    expect(screen.getByRole('alert').textContent).toBe('Failed to load banner image');
    expect(figure().dataset.state).toBe('failed');
    expect(screen.queryByRole('img', { name: 'Event banner' })).toBeNull();
  });

  it('shows the event’s colour with its title when the event has no banner, not the default picture', () => {
    render(<EventBanner bannerUrl={null} event={{ id: 'e1', title: 'Rust meetup', color: '#F59E0B' }} />);
    const placeholder = screen.getByTestId('banner-placeholder');
    expect(placeholder.textContent).toBe('Rust meetup');
    expect(placeholder.style.backgroundColor).toBe('#f59e0b');
    expect(placeholder.style.color).toBe('#000000');
    expect(document.querySelector('img')).toBeNull();
  });
});
