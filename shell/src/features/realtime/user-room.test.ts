import { describe, expect, it, vi } from 'vitest';
import { handleUserRoomFrame } from './user-room.ts';

const handlers = () => ({ onNotification: vi.fn(), onSessionEnded: vi.fn() });

describe('user room frames', () => {
  it('shows a notification by its title', () => {
    const on = handlers();
    handleUserRoomFrame(
      JSON.stringify({
        type: 'notification',
        id: 'n1',
        cursor: 'c1',
        notification: { type: 'POST_COMMENT', title: 'Ada commented on your post' },
      }),
      on,
    );
    expect(on.onNotification).toHaveBeenCalledWith('Ada commented on your post');
    expect(on.onSessionEnded).not.toHaveBeenCalled();
  });

  it('ends the session when the server says so', () => {
    const on = handlers();
    handleUserRoomFrame(JSON.stringify({ type: 'session.ended', reason: 'blocked' }), on);
    expect(on.onSessionEnded).toHaveBeenCalledOnce();
  });

  it('ignores frames that are not known events', () => {
    const on = handlers();
    handleUserRoomFrame('not json', on);
    handleUserRoomFrame(JSON.stringify({ type: 'notification', title: 'no id' }), on);
    handleUserRoomFrame(JSON.stringify({ type: 'something.else' }), on);
    expect(on.onNotification).not.toHaveBeenCalled();
    expect(on.onSessionEnded).not.toHaveBeenCalled();
  });
});
