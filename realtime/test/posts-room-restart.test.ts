// Scheduled posts across downtime: the realtime worker is killed (SIGKILL, as a crash) with two
// events pending in posts rooms and started again on the same storage. An event whose time passed
// while it was down is sent by the room's alarm as soon as the worker runs, with no request
// reaching that room; one still in the future arrives at its time on a socket opened after the
// restart. Runs its own realtime worker (no database needed), beside the suite's stack.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '@community/db';
import {
  INTERNAL_SIGNATURE_HEADER,
  KNOWN_DEV_SECRETS,
  newTicketId,
  signInternalBody,
  signTicket,
} from '@community/realtime-protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';

const ROOT = path.resolve(import.meta.dirname, '../..');
const secret = KNOWN_DEV_SECRETS.REALTIME_SECRET;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let persistTo: string;
let port: number;
let worker: ChildProcess | null = null;
const base = () => `http://127.0.0.1:${port}`;

async function startWorker(): Promise<void> {
  worker = spawn(
    path.join(ROOT, 'node_modules/.bin/wrangler'),
    [
      'dev',
      '-c',
      'realtime/wrangler.jsonc',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--inspector-port',
      String(await findFreePort()),
      '--persist-to',
      persistTo,
      '--show-interactive-dev-session=false',
      '--live-reload=false',
    ],
    {
      cwd: ROOT,
      detached: true, // its own process group: killing it kills workerd too
      stdio: 'ignore',
      env: {
        ...process.env,
        ...KNOWN_DEV_SECRETS,
        PATH: `${path.join(ROOT, 'node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
        WRANGLER_SEND_METRICS: 'false',
        NO_COLOR: '1',
      },
    },
  );
  for (let i = 0; i < 240; i++) {
    try {
      await fetch(`${base()}/`);
      return;
    } catch {
      await sleep(500);
    }
  }
  throw new Error('the realtime worker did not start');
}

async function killWorker(): Promise<void> {
  const child = worker;
  worker = null;
  if (!child?.pid || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGKILL');
  await exited;
}

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

beforeAll(async () => {
  persistTo = await mkdtemp(path.join(os.tmpdir(), 'posts-room-restart-'));
  port = await findFreePort();
  await startWorker();
}, 180_000);

afterAll(async () => {
  await killWorker();
  await rm(persistTo, { recursive: true, force: true });
});

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

  await killWorker();
  await sleep(4000); // the first event's time passes while nothing runs
  await startWorker();

  // Nothing has asked the first room anything since the restart, so only its alarm can have sent
  // the event. A listener that joins now gets nothing, and a command (which would itself send a
  // due event, to that listener) finds nothing left to send.
  await sleep(2000);
  const listener = await listen(missedRoom);
  const answer = await command(missedRoom, { action: 'unschedule', id: 'nothing' });
  expect(answer).toMatchObject({ delivered: 0, pending: 0 });
  await sleep(300);
  expect(listener.frames).toEqual([]);
  listener.socket.terminate();

  // The later one is still pending, and arrives at its time on a socket opened after the restart.
  const { socket, frames } = await listen(laterRoom);
  await expect.poll(() => frames.length, { timeout: laterAt - Date.now() + 5000 }).toBe(1);
  expect(frames[0]?.frame).toEqual(deleted('later'));
  expect(frames[0]?.at).toBeGreaterThanOrEqual(laterAt - 50);
  expect(frames[0]!.at - laterAt).toBeLessThan(2000);
  socket.terminate();
}, 120_000);
