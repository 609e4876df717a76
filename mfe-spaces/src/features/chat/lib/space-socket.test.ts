import { describe, expect, it, vi } from 'vitest';
import { connectChatRoom, parseRoomFrame } from './space-socket.ts';

const message = (id: string, rev: number) => ({
  spaceId: 's1',
  id,
  seq: 1,
  content: 'hi',
  attachments: [],
  author: { id: 'u1', firstName: 'Ann', lastName: 'Lee', imageUrl: null },
  createdAt: '2026-11-27T10:00:00.000Z',
  deleted: false,
  clientKey: 'k1',
  rev,
  editedAt: null,
  replyTo: null,
});

describe('parseRoomFrame', () => {
  it('gives an event that came alone as itself', () => {
    const frame = { type: 'message.updated', message: message('m1', 2) };
    expect(parseRoomFrame(JSON.stringify(frame))).toEqual([frame]);
  });

  it('gives the events of an `updates` frame one by one, in order', () => {
    const events = [
      { type: 'message.updated', message: message('m2', 5) },
      { type: 'message.updated', message: message('m1', 6) },
    ];
    expect(parseRoomFrame(JSON.stringify({ type: 'updates', events }))).toEqual(events);
  });

  it('gives nothing for what is not JSON or not ours', () => {
    expect(parseRoomFrame('not json')).toEqual([]);
    expect(parseRoomFrame(JSON.stringify({ type: 'updates', events: [{ type: 'typing' }] }))).toEqual([]);
    expect(parseRoomFrame(new ArrayBuffer(4))).toEqual([]);
  });
});

describe('connectChatRoom', () => {
  it('asks for no ticket for a room closed before its socket connects (a chat opened and left at once)', async () => {
    const fetch = vi.fn(async () => Response.json({ ticket: 't', expiresAt: '2026-11-27T00:00:00Z' }));
    vi.stubGlobal('fetch', fetch);
    const handlers = { onOpen: vi.fn(), onClose: vi.fn(), onEvent: vi.fn(), onDenied: vi.fn() };
    connectChatRoom({ party: 'space-room', room: 's1', socketType: 'spaces' }, handlers).close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
