import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AttachmentCard } from './attachment-card.tsx';
import { clearLinkPreviewCache } from './link-preview.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  clearLinkPreviewCache();
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.startsWith('/api/aws-s3/url')) {
      const key = new URL(url, 'http://x').searchParams.get('key');
      // A data: address, so happy-dom has nothing to download.
      return json({ url: `data:image/png;base64,${btoa(String(key))}`, expiresIn: 900 });
    }
    if (url.startsWith('/api/link-preview')) {
      return json({
        url: 'https://example.com/a',
        title: 'Example page',
        faviconUrl: 'https://example.com/favicon.ico',
      });
    }
    return json({ error: 'not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('attachment card', () => {
  it('shows an uploaded image through a signed URL, and opens it large', async () => {
    render(
      <AttachmentCard attachment={{ name: 'dot.png', url: 'http://x/api/files/posts/1.png', type: 'img' }} />,
    );
    const image = await screen.findByRole('img', { name: 'dot.png' });
    expect(image.getAttribute('src')).toBe(`data:image/png;base64,${btoa('posts/1.png')}`);
    await userEvent.click(image);
    const large = await screen.findByRole('dialog', { name: 'dot.png' });
    expect(large.querySelector('img')?.getAttribute('src')).toBe(image.getAttribute('src'));
  });

  it('plays a video and an audio file with the browser’s controls', async () => {
    render(
      <>
        <AttachmentCard
          attachment={{ name: 'clip.mp4', url: 'https://cdn.example.com/clip.mp4', type: 'video' }}
        />
        <AttachmentCard
          attachment={{ name: 'voice.ogg', url: 'https://cdn.example.com/voice.ogg', type: 'audio' }}
        />
      </>,
    );
    const video = document.querySelector('video')!;
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.getAttribute('src')).toBe('https://cdn.example.com/clip.mp4');
    expect(video.getAttribute('aria-label')).toBe('clip.mp4');
    const audio = document.querySelector('audio')!;
    expect(audio.hasAttribute('controls')).toBe(true);
    expect(audio.getAttribute('aria-label')).toBe('voice.ogg');
  });

  it('offers a file for download under its name', async () => {
    render(
      <AttachmentCard
        attachment={{ name: 'notes.pdf', url: 'http://x/api/files/spaces/2.pdf', type: 'file' }}
      />,
    );
    const link = await screen.findByRole('link', { name: 'Download notes.pdf' });
    expect(link.getAttribute('href')).toBe(`data:image/png;base64,${btoa('spaces/2.pdf')}`);
    expect(link.getAttribute('download')).toBe('notes.pdf');
  });

  it('shows a link with the title and favicon from /api/link-preview', async () => {
    // No IntersectionObserver: the card counts as on screen at once.
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <AttachmentCard
        attachment={{ name: 'https://example.com/a', url: 'https://example.com/a', type: 'a' }}
      />,
    );
    const card = screen.getByRole('link');
    expect(card.getAttribute('href')).toBe('https://example.com/a');
    expect(card.textContent).toContain('https://example.com/a');
    await waitFor(() => expect(card.textContent).toContain('Example page'));
    expect(card.textContent).toContain('example.com');
    expect(card.querySelector('img')?.getAttribute('src')).toBe('https://example.com/favicon.ico');
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe(
      '/api/link-preview?url=https%3A%2F%2Fexample.com%2Fa',
    );
  });

  it('falls back to the URL when there is no preview', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockImplementation(async () => json({ error: 'nope' }, 500));
    render(<AttachmentCard attachment={{ name: 'x', url: 'https://example.org/b', type: 'a' }} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getByRole('link').textContent).toBe('https://example.org/b');
  });

  it('says "The file is not supported." for a type it does not know, and for a link that is not http(s)', () => {
    render(
      <>
        <AttachmentCard
          attachment={{ name: 'model.stl', url: 'https://cdn.example.com/m.stl', type: '3d' }}
        />
        <AttachmentCard attachment={{ name: 'bad', url: 'javascript:alert(1)', type: 'a' }} />
      </>,
    );
    expect(screen.getAllByText('The file is not supported.')).toHaveLength(2);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('offers "Go to message" in a context menu when it belongs to a message', async () => {
    const onGoToMessage = vi.fn();
    render(
      <AttachmentCard
        attachment={{ name: 'notes.pdf', url: 'http://x/api/files/spaces/2.pdf', type: 'file' }}
        onGoToMessage={onGoToMessage}
      />,
    );
    await screen.findByRole('link', { name: 'Download notes.pdf' });
    fireEvent.contextMenu(screen.getByText('notes.pdf'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Go to message' }));
    expect(onGoToMessage).toHaveBeenCalledTimes(1);
  });
});
