// Scheduled posts across downtime: the file's Workers (on Miniflare in this test's process, the
// bundles a deploy uploads; in-process-workers.ts) are stopped at once with two events pending in posts rooms, and started again on
// the same storage. An event whose time passed while they were down is sent by the room's alarm as
// soon as the Worker runs, with no request reaching that room; one still in the future arrives at
// its time on a socket opened after the restart. The rooms' own SQLite storage is read directly
// (scripts/lib/workers-in-process.ts) to see what each holds before and after.
import {
  INTERNAL_SIGNATURE_HEADER,
  KNOWN_DEV_SECRETS,
  newTicketId,
  signInternalBody,
  signTicket,
} from '@community/realtime-protocol';
import { expect, it } from 'vitest';
import WebSocket from 'ws';
import { workers } from './in-process-workers.ts';

const secret = KNOWN_DEV_SECRETS.REALTIME_SECRET;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const base = () => workers().url;

/** The posts still scheduled in a room, read from its Durable Object's own storage. */
const scheduledIn = async (room: string) =>
  (
    await workers().roomStorage<{ id: string }>(
      'PostsRoom',
      room,
      'SELECT id FROM scheduled_events ORDER BY at',
    )
  )?.map((row) => row.id) ?? [];

/** Sends a command as edge-api does; answers the room's JSON. */
async function command(room: string, body: unknown): Promise<{ delivered: number; pending: number }> {
  const text = JSON.stringify(body);
  const response = await fetch(`${base()}/parties/posts-room/${room}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [INTERNAL_SIGNATURE_HEADER]: await signInternalBody(secret, text),
    },
    body: text,
  });
  expect(response.status).toBe(200);
  return response.json();
}

/** Opens a socket to a posts room with a ticket signed as edge-api signs them. */
async function listen(room: string) {
  const ticket = await signTicket(secret, {
    sub: 'restart-user',
    sid: 'restart-session',
    party: 'posts-room',
    room,
    exp: Date.now() + 60_000,
    jti: newTicketId(),
    iat: Date.now(),
  });
  const socket = new WebSocket(`${base().replace('http', 'ws')}/parties/posts-room/${room}?ticket=${ticket}`);
  const frames: { frame: unknown; at: number }[] = [];
  socket.on('message', (data) => frames.push({ frame: JSON.parse(String(data)), at: Date.now() }));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return { socket, frames };
}

const deleted = (id: string) => ({ type: 'post.deleted', id, spaceId: 'restart-test' });

it('sends events whose time passed while the worker was down, and keeps later ones', async () => {
  const missedRoom = `missed-${newTicketId()}`;
  const laterRoom = `later-${newTicketId()}`;
  expect(
    (
      await command(missedRoom, {
        action: 'schedule',
        id: 'due',
        at: Date.now() + 2000,
        event: deleted('due'),
      })
    ).pending,
  ).toBe(1);
  const laterAt = Date.now() + 25_000;
  expect(
    (await command(laterRoom, { action: 'schedule', id: 'later', at: laterAt, event: deleted('later') }))
      .pending,
  ).toBe(1);

  expect(await scheduledIn(missedRoom)).toEqual(['due']);
  expect(await scheduledIn(laterRoom)).toEqual(['later']);

  await workers().restart(() => sleep(4000)); // the first event's time passes while nothing runs

  // Nothing has asked the first room anything since the restart, so only its alarm can have sent
  // the event. A listener that joins now gets nothing, and a command (which would itself send a
  // due event, to that listener) finds nothing left to send.
  await sleep(2000);
  const listener = await listen(missedRoom);
  const answer = await command(missedRoom, { action: 'unschedule', id: 'nothing' });
  expect(answer).toMatchObject({ delivered: 0, pending: 0 });
  expect(await scheduledIn(missedRoom)).toEqual([]);
  await sleep(300);
  expect(listener.frames).toEqual([]);
  listener.socket.terminate();

  // The later one is still pending, and arrives at its time on a socket opened after the restart.
  const { socket, frames } = await listen(laterRoom);
  await expect.poll(() => frames.length, { timeout: laterAt - Date.now() + 5000 }).toBe(1);
  expect(frames[0]?.frame).toEqual(deleted('later'));
  expect(frames[0]?.at).toBeGreaterThanOrEqual(laterAt - 50);
  expect(frames[0]!.at - laterAt).toBeLessThan(2000);
  expect(await scheduledIn(laterRoom)).toEqual([]);
  socket.terminate();
}, 120_000);
