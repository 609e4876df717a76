import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInWith, signOut } from '../../../lib/signed-in.test-helper.ts';
import { spaceChatEvent } from '../lib/chat-channel.ts';
import { ChatStore } from '../lib/chat-store.ts';
import { Composer } from './composer.tsx';

beforeEach(() => {
  signInWith(['content']);
});

afterEach(() => {
  cleanup();
  signOut();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function storeThatSends() {
  const postMessage = vi.fn(async () => new Promise<never>(() => {}));
  const store = new ChatStore({
    me: { id: 'me' },
    api: {
      fetchMessages: vi.fn(),
      postMessage,
      editMessage: vi.fn(),
      editOutbox: () => ({ kind: 'chat-edit' as const, target: 's1' }),
      toChatEvent: spaceChatEvent,
    },
  });
  return { store, postMessage };
}

describe('composer', () => {
  it('refuses an empty message without attachments with the spec’s text, and sends nothing', async () => {
    const { store, postMessage } = storeThatSends();
    render(<Composer target={store} placeholder="Message General" />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please type something or attach a file');
    expect(screen.getByRole('textbox', { name: 'Message' }).getAttribute('aria-invalid')).toBe('true');
    expect(postMessage).not.toHaveBeenCalled();
    expect(store.state.pending).toEqual([]);
  });

  it('sends on Enter, keeps Shift+Enter for a new line, and clears the box', async () => {
    const { store, postMessage } = storeThatSends();
    render(<Composer target={store} placeholder="Message General" />);
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    await userEvent.type(box, 'first line{Shift>}{Enter}{/Shift}second line{Enter}');
    expect(postMessage).toHaveBeenCalledWith(
      expect.objectContaining({ content: 'first line\nsecond line', attachments: [] }),
    );
    expect(box.value).toBe('');
    expect(store.state.pending.map((p) => p.content)).toEqual(['first line\nsecond line']);
  });

  it('refuses a file of the wrong type or over 5 MB before uploading it', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { store } = storeThatSends();
    render(<Composer target={store} placeholder="Message General" />);
    const input = screen.getByTestId('attachment-input');
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid file type.');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect((await screen.findByRole('alert')).textContent).toBe('The file is too large. Max size is 5 MB.');
    const longVideo = new File([new Uint8Array(25 * 1024 * 1024 + 1)], 'long.mp4', { type: 'video/mp4' });
    fireEvent.change(input, { target: { files: [longVideo] } });
    expect((await screen.findByRole('alert')).textContent).toBe('The file is too large. Max size is 25 MB.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('offers video, audio and PDF besides images, and sends a voice recording as audio', async () => {
    const fetch = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response(
          JSON.stringify({ key: 'spaces/1.webm', url: 'http://localhost/api/files/spaces/1.webm' }),
          { status: 201, headers: { 'content-type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetch);
    const { store, postMessage } = storeThatSends();
    render(<Composer target={store} placeholder="Message General" />);
    const input = screen.getByTestId('attachment-input');
    for (const type of [
      'image/png',
      'video/mp4',
      'video/webm',
      'audio/mpeg',
      'audio/webm',
      'application/pdf',
    ]) {
      expect(input.getAttribute('accept')).toContain(type);
    }
    fireEvent.change(input, {
      target: { files: [new File(['webm'], 'voice.webm', { type: 'audio/webm;codecs=opus' })] },
    });
    await screen.findByRole('button', { name: 'Remove voice.webm' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(false),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(postMessage).toHaveBeenCalledWith(
      expect.objectContaining({
        attachments: [{ name: 'voice.webm', url: 'http://localhost/api/files/spaces/1.webm', type: 'audio' }],
      }),
    );
  });

  it('uploads a picked image and sends it as an attachment without text', async () => {
    const fetch = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response(
          JSON.stringify({ key: 'spaces/1.png', url: 'http://localhost/api/files/spaces/1.png' }),
          { status: 201, headers: { 'content-type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetch);
    const { store, postMessage } = storeThatSends();
    render(<Composer target={store} placeholder="Message General" />);
    fireEvent.change(screen.getByTestId('attachment-input'), {
      target: { files: [new File(['png'], 'photo.png', { type: 'image/png' })] },
    });
    await screen.findByRole('button', { name: 'Remove photo.png' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(false),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/uploads/spaces');
    expect(postMessage).toHaveBeenCalledWith(
      expect.objectContaining({
        content: '',
        attachments: [{ name: 'photo.png', url: 'http://localhost/api/files/spaces/1.png', type: 'img' }],
      }),
    );
  });

  it('shows why the user cannot write instead of the box', () => {
    const { store } = storeThatSends();
    render(
      <Composer
        target={store}
        placeholder="Message General"
        disabledReason="You are not a member of this space."
      />,
    );
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('You are not a member of this space.');
  });

  it('offers no attach button without the content feature, and keeps the text box', () => {
    signInWith([]);
    const { store } = storeThatSends();
    render(<Composer target={store} placeholder="Message General" />);
    expect(screen.queryByRole('button', { name: 'Attach a file' })).toBeNull();
    expect(screen.queryByTestId('attachment-input')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();
  });
});
