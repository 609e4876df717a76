import type { AttachmentType, MediaAttachment } from '@community/domain';
import { modalStore } from '@community/ui';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aMonth, anAttachment } from '../../../test/fixtures.ts';
import { type ApiAnswer, ok, serveApi } from '../../../test/serve-api.ts';
import { messageHref } from '../lib/go-to-message.ts';
import { MediaTab } from './media-tab.tsx';

const MEDIA = 'GET /api/posts/attachments/u2';
const empty = ok({ items: [], nextCursor: null });

/** Answers the first page of each section from `pages` (empty when left out). */
function serveMedia(pages: Partial<Record<AttachmentType, (url: URL) => ApiAnswer>>) {
  return serveApi({
    [MEDIA]: (url) => {
      const type = url.searchParams.get('type') as AttachmentType;
      return pages[type]?.(url) ?? empty;
    },
    'GET /api/aws-s3/url': (url) =>
      ok({ url: `https://signed.example.com/${url.searchParams.get('key')}`, expiresIn: 300 }),
  });
}

const files = (prefix: string, count: number): MediaAttachment[] =>
  Array.from({ length: count }, (_, index) =>
    anAttachment({ id: `${prefix}${index}`, name: `${prefix}-${index}.pdf`, type: 'file' }),
  );

beforeEach(() => {
  modalStore.type = 'profile';
  history.replaceState(null, '', '/events?profile_popover_tab=media');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('media tab', () => {
  it('asks each of the five sections once, and shows placeholders meanwhile', () => {
    const calls = serveApi({ [MEDIA]: () => 'hang' });
    render(<MediaTab userId="u2" />);
    expect(screen.getByRole('status', { name: 'Loading media' })).toBeTruthy();
    expect(calls.sort()).toEqual(
      ['a', 'audio', 'file', 'img', 'video'].map((type) => `GET /api/posts/attachments/u2?type=${type}`),
    );
  });

  it('says "No attachments to show" when all five sections are empty', async () => {
    serveMedia({});
    render(<MediaTab userId="u2" />);
    expect(await screen.findByText('No attachments to show')).toBeTruthy();
  });

  it('leaves out empty sections and groups the others by month', async () => {
    serveMedia({
      file: () =>
        ok({
          items: [aMonth('2026-10', files('oct', 2)), aMonth('2026-09', files('sep', 1))],
          nextCursor: null,
        }),
    });
    render(<MediaTab userId="u2" />);
    const section = await screen.findByRole('region', { name: 'Files' });
    expect(screen.queryByRole('region', { name: 'Voices' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Images' })).toBeNull();
    expect(screen.queryByText('No attachments to show')).toBeNull();

    const october = within(section).getByRole('region', { name: 'Files, October 2026' });
    expect(within(october).getByRole('heading', { name: 'October 2026' })).toBeTruthy();
    expect(within(october).getAllByTestId('media-card')).toHaveLength(2);
    expect(within(section).getByRole('region', { name: 'Files, September 2026' })).toBeTruthy();
  });

  it('shows the rest of a month with Show more (month + after), and older months with Load more (cursor)', async () => {
    const calls = serveMedia({
      file: (url) => {
        if (url.searchParams.get('month') === '2026-10')
          return ok({ items: [aMonth('2026-10', files('more', 2), null)], nextCursor: null });
        if (url.searchParams.get('cursor') === 'older')
          return ok({ items: [aMonth('2026-08', files('aug', 1))], nextCursor: null });
        return ok({ items: [aMonth('2026-10', files('oct', 5), 'oct-5')], nextCursor: 'older' });
      },
    });
    render(<MediaTab userId="u2" />);
    const october = await screen.findByRole('region', { name: 'Files, October 2026' });
    expect(within(october).getAllByTestId('media-card')).toHaveLength(5);

    fireEvent.click(within(october).getByRole('button', { name: 'Show more' }));
    await within(october).findByText('more-1.pdf');
    expect(within(october).getAllByTestId('media-card')).toHaveLength(7);
    expect(within(october).queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(calls).toContain('GET /api/posts/attachments/u2?type=file&month=2026-10&after=oct-5');

    const section = screen.getByRole('region', { name: 'Files' });
    fireEvent.click(within(section).getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('region', { name: 'Files, August 2026' })).toBeTruthy();
    expect(calls).toContain('GET /api/posts/attachments/u2?type=file&cursor=older');
    expect(within(section).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows an image through its signed URL, a link by its host, and labels voices and videos', async () => {
    serveMedia({
      img: () =>
        ok({
          items: [
            aMonth('2026-10', [
              anAttachment({ id: 'i1', name: 'cat.png', type: 'img', url: '/api/files/spaces/cat.png' }),
            ]),
          ],
          nextCursor: null,
        }),
      a: () =>
        ok({
          items: [
            aMonth('2026-10', [
              anAttachment({ id: 'l1', name: 'link', type: 'a', url: 'https://example.org/page' }),
            ]),
          ],
          nextCursor: null,
        }),
      audio: () =>
        ok({
          items: [aMonth('2026-10', [anAttachment({ id: 'v1', name: 'hello.webm', type: 'audio' })])],
          nextCursor: null,
        }),
      video: () =>
        ok({
          items: [aMonth('2026-10', [anAttachment({ id: 'm1', name: 'demo.mp4', type: 'video' })])],
          nextCursor: null,
        }),
    });
    render(<MediaTab userId="u2" />);
    const image = await screen.findByRole('img', { name: 'cat.png' });
    expect(image.getAttribute('src')).toBe('https://signed.example.com/spaces/cat.png');
    expect(screen.getByText('example.org')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Voices' })).getByText('hello.webm')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Videos' })).getByText('demo.mp4')).toBeTruthy();
  });

  it('"Go to message" opens where the attachment was sent and closes the panel', async () => {
    serveMedia({
      file: () =>
        ok({
          items: [
            aMonth('2026-10', [
              anAttachment({
                id: 'd1',
                name: 'contract.pdf',
                source: { kind: 'dm', conversationId: 'c1', otherUserId: 'u2', messageId: 'm1', seq: 42 },
              }),
            ]),
          ],
          nextCursor: null,
        }),
    });
    render(<MediaTab userId="u2" />);
    const trigger = await screen.findByRole('button', { name: 'Actions for contract.pdf' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Go to message' }));
    expect(modalStore.type).toBeNull();
    expect(location.pathname + location.search).toBe('/community/conversations/u2?searchCursor=42');
  });

  it('opens the same menu from its button, for the keyboard', async () => {
    serveMedia({ file: () => ok({ items: [aMonth('2026-10', files('oct', 1))], nextCursor: null }) });
    render(<MediaTab userId="u2" />);
    const trigger = await screen.findByRole('button', { name: 'Actions for oct-0.pdf' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Go to message' })).toBeTruthy();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(location.pathname + location.search).toBe('/spaces/s1?postId=p1'));
  });
});

describe('Go to message targets', () => {
  it('opens a post, a space chat message and a direct message where they are', () => {
    expect(messageHref({ kind: 'post', spaceId: 's1', postId: 'p1' })).toBe('/spaces/s1?postId=p1');
    expect(messageHref({ kind: 'chat', spaceId: 's1', messageId: 'm1', seq: 7 })).toBe(
      '/spaces/s1?searchCursor=7',
    );
    expect(
      messageHref({ kind: 'dm', conversationId: 'c1', otherUserId: 'u3', messageId: 'm2', seq: 9 }),
    ).toBe('/community/conversations/u3?searchCursor=9');
  });
});
