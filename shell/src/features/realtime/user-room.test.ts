import {
  onUserRoomEvent,
  reportApiReachable,
  reportApiUnreachable,
  type UserRoomEvent,
} from '@community/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handleUserRoomFrame, reconnectWhenApiBack, spaceIdOfPath } from './user-room.ts';

const handlers = () => ({
  onToast: vi.fn(),
  onNotification: vi.fn(),
  onSessionEnded: vi.fn(),
  onFeaturesChanged: vi.fn(),
});
const at = (path: string) => ({ userId: 'me', path: () => path });

const notification = (type: string, payload: Record<string, string>, title: string) =>
  JSON.stringify({ type: 'notification', id: 'n1', cursor: 'c1', notification: { type, payload, title } });

const directMessage = (authorId: string) =>
  JSON.stringify({
    type: 'dm.created',
    message: {
      id: 'm1',
      conversationId: 'c1',
      seq: 1,
      content: 'hi',
      attachments: [],
      author: { id: authorId, firstName: 'Ada', lastName: 'Lovelace', imageUrl: null },
      createdAt: '2026-11-23T12:00:00.000Z',
      deleted: false,
      clientKey: null,
      rev: 0,
      editedAt: null,
      replyTo: null,
    },
  });

let unsubscribe = () => {};
afterEach(() => unsubscribe());

describe('user room frames', () => {
  it('shows a notification by its title and hands it to the menu', () => {
    const on = handlers();
    handleUserRoomFrame(
      notification('POST_COMMENT', { postId: 'p1' }, 'Ada commented on your post'),
      on,
      at('/'),
    );
    expect(on.onToast).toHaveBeenCalledWith('Ada commented on your post');
    expect(on.onNotification).toHaveBeenCalledWith(expect.objectContaining({ id: 'n1' }), false);
    expect(on.onSessionEnded).not.toHaveBeenCalled();
  });

  it('keeps quiet about a space message while the member looks at that space (read at once)', () => {
    const on = handlers();
    handleUserRoomFrame(
      notification('SPACE_MESSAGE', { spaceId: 's1' }, 'New message in Rust'),
      on,
      at('/spaces/s1'),
    );
    expect(on.onToast).not.toHaveBeenCalled();
    expect(on.onNotification).toHaveBeenCalledWith(expect.objectContaining({ id: 'n1' }), true);
  });

  it('keeps quiet about a mention in the chat of the space open, not about one in its posts', () => {
    const inChat = handlers();
    handleUserRoomFrame(
      notification('MENTION', { spaceId: 's1', messageId: 'm1' }, 'Ada mentioned you in Rust'),
      inChat,
      at('/spaces/s1'),
    );
    expect(inChat.onToast).not.toHaveBeenCalled();
    expect(inChat.onNotification).toHaveBeenCalledWith(expect.anything(), true);

    const inPost = handlers();
    handleUserRoomFrame(
      notification('MENTION', { spaceId: 's1', postId: 'p1' }, 'Ada mentioned you in a post'),
      inPost,
      at('/spaces/s1'),
    );
    expect(inPost.onToast).toHaveBeenCalledWith('Ada mentioned you in a post');
    expect(inPost.onNotification).toHaveBeenCalledWith(expect.anything(), false);
  });

  it('toasts a space message from another space than the one open', () => {
    const on = handlers();
    handleUserRoomFrame(
      notification('SPACE_MESSAGE', { spaceId: 's1' }, 'New message in Rust'),
      on,
      at('/spaces/s2'),
    );
    expect(on.onToast).toHaveBeenCalledWith('New message in Rust');
    expect(on.onNotification).toHaveBeenCalledWith(expect.anything(), false);
  });

  it("toasts a direct message from someone else unless their conversation is open, never one's own", () => {
    const on = handlers();
    handleUserRoomFrame(directMessage('ada'), on, at('/events'));
    expect(on.onToast).toHaveBeenCalledWith('New message from Ada Lovelace');
    on.onToast.mockClear();
    handleUserRoomFrame(directMessage('ada'), on, at('/community/conversations/ada'));
    handleUserRoomFrame(directMessage('me'), on, at('/events'));
    expect(on.onToast).not.toHaveBeenCalled();
  });

  it('toasts a mention in a direct message once (the message’s own toast), and still lists it', () => {
    const on = handlers();
    handleUserRoomFrame(directMessage('ada'), on, at('/events'));
    handleUserRoomFrame(
      notification('MENTION', { conversationId: 'c1', messageId: 'm1' }, 'Ada Lovelace mentioned you'),
      on,
      at('/events'),
    );
    expect(on.onToast.mock.calls).toEqual([['New message from Ada Lovelace']]);
    expect(on.onNotification).toHaveBeenCalledTimes(1);
    on.onToast.mockClear();
    handleUserRoomFrame(
      notification('MENTION', { spaceId: 's1', messageId: 'm2' }, 'Ada Lovelace mentioned you in General'),
      on,
      at('/events'),
    );
    expect(on.onToast).toHaveBeenCalledWith('Ada Lovelace mentioned you in General');
  });

  it('hands every checked event to the micro-frontends', () => {
    const heard: UserRoomEvent[] = [];
    unsubscribe = onUserRoomEvent((event) => heard.push(event));
    handleUserRoomFrame(directMessage('ada'), handlers(), at('/'));
    handleUserRoomFrame(
      JSON.stringify({ type: 'dm.read', conversationId: 'c1', userId: 'me', seq: 3 }),
      handlers(),
      at('/'),
    );
    handleUserRoomFrame(JSON.stringify({ type: 'dm.read', conversationId: 'c1' }), handlers(), at('/'));
    expect(heard.map((event) => event.type)).toEqual(['dm.created', 'dm.read']);
  });

  it('ends the session when the server says so', () => {
    const on = handlers();
    handleUserRoomFrame(JSON.stringify({ type: 'session.ended', reason: 'blocked' }), on, at('/'));
    expect(on.onSessionEnded).toHaveBeenCalledOnce();
  });

  it('hands changed feature switches on, and nothing else happens', () => {
    const on = handlers();
    const features = [
      { feature: 'events', enabled: false },
      { feature: 'spaces', enabled: true },
    ];
    handleUserRoomFrame(JSON.stringify({ type: 'features.changed', features }), on, at('/events'));
    expect(on.onFeaturesChanged).toHaveBeenCalledWith(features);
    expect(on.onToast).not.toHaveBeenCalled();
    expect(on.onSessionEnded).not.toHaveBeenCalled();
  });

  it('ignores frames that are not known events', () => {
    const on = handlers();
    handleUserRoomFrame('not json', on, at('/'));
    handleUserRoomFrame(JSON.stringify({ type: 'notification', title: 'no id' }), on, at('/'));
    handleUserRoomFrame(JSON.stringify({ type: 'something.else' }), on, at('/'));
    handleUserRoomFrame(JSON.stringify({ type: 'features.changed', features: 'all' }), on, at('/'));
    expect(on.onNotification).not.toHaveBeenCalled();
    expect(on.onToast).not.toHaveBeenCalled();
    expect(on.onSessionEnded).not.toHaveBeenCalled();
    expect(on.onFeaturesChanged).not.toHaveBeenCalled();
  });

  it('knows a space page by its path', () => {
    expect(spaceIdOfPath('/spaces/s1')).toBe('s1');
    expect(spaceIdOfPath('/spaces/s1/')).toBe('s1');
    expect(spaceIdOfPath('/spaces')).toBeNull();
    expect(spaceIdOfPath('/spaces/s1/settings')).toBeNull();
  });
});

describe('socket after an outage', () => {
  it('reconnects a socket that is not open as soon as the API is back, and stops listening when closed', () => {
    const closed = { readyState: 3, reconnect: vi.fn() };
    const open = { readyState: 1, reconnect: vi.fn() };
    const stopClosed = reconnectWhenApiBack(closed as never);
    const stopOpen = reconnectWhenApiBack(open as never);

    reportApiUnreachable();
    reportApiReachable();
    stopClosed();
    stopOpen();
    reportApiUnreachable();
    reportApiReachable();

    expect(closed.reconnect).toHaveBeenCalledTimes(1);
    expect(open.reconnect).not.toHaveBeenCalled();
  });
});

describe('a room closed before its socket connects', () => {
  it('asks for no ticket, for the user room or the presence room', async () => {
    const { connectUserRoom } = await import('./user-room.ts');
    const { connectPresenceRoom } = await import('../presence/presence-room.ts');
    const fetch = vi.fn(async () => Response.json({ ticket: 't', expiresAt: '2026-11-27T00:00:00Z' }));
    vi.stubGlobal('fetch', fetch);
    connectUserRoom('me', handlers(), () => '/')();
    connectPresenceRoom()();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
