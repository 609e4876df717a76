// One member flooding a room (issue 27): what the other members notice. While a member's tab keeps
// asking `GET /api/auth/me` (PROBES loops, one request after another) and the owner sends a chat
// message every 100 ms to a space whose room a listener has open, one socket of another member
// floods a room: a burst (every frame written at once, as fast as the socket takes them: the
// issue's attacks) or a steady stream (1,000 frames a second until the socket is closed). Each case
// reports the listener's and the prober's latency (p50 / p99) over WINDOW_SECONDS from the flood's
// start, next to the same figures measured in the same run with no flood (before the first case
// and again after the last), the flooding socket's fate (closed with which code, how soon) and the
// CPU the stack's workerd spent. Budget: a flood leaves the other members' p99 within 2× of the
// run's normal (the higher of its two reference phases, so the budget does not move with the load
// the machine happens to carry). Traffic goes to 127.0.0.1 only; the flooder stops when its frames
// are written or its socket is closed, and is cut after WINDOW_SECONDS.
import { createRequire } from 'node:module';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import WebSocket from 'ws';
import { cpuMeter, workerdOfThisProcess } from './cpu.ts';
import { type BenchStack, saveResults, withBenchStack } from './lib.ts';

const WINDOW_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PROBES = 2;
const MESSAGE_EVERY_MS = 50;
const BUDGET_FACTOR = 2;

/**
 * `perSecond`: frames written at that pace (in batches every 10 ms) until the socket is closed;
 * without it, all `frames` at once, as fast as the socket takes them (a burst).
 */
type FloodCase = {
  name: string;
  party: 'presence-room' | 'space-room';
  frame: () => string;
  frames: number;
  perSecond?: number;
};

const garbage = (bytes: number) => 'x'.repeat(bytes);
const TYPING = () => '{"type":"typing"}';
/** The issue's floods, the same kinds kept up at a steady pace, and the frame sizes it found accepted. */
const CASES: FloodCase[] = [
  {
    name: 'burst: 30,000 typing frames to presence-room/community',
    party: 'presence-room',
    frame: TYPING,
    frames: 30_000,
  },
  {
    name: 'burst: 60,000 900-byte garbage frames to the space room',
    party: 'space-room',
    frame: () => garbage(900),
    frames: 60_000,
  },
  {
    name: 'steady: typing frames at 1,000/s to presence-room/community',
    party: 'presence-room',
    frame: TYPING,
    frames: 1000 * WINDOW_SECONDS,
    perSecond: 1000,
  },
  {
    name: 'steady: 900-byte garbage frames at 1,000/s to the space room',
    party: 'space-room',
    frame: () => garbage(900),
    frames: 1000 * WINDOW_SECONDS,
    perSecond: 1000,
  },
  {
    name: 'burst: 8 frames of 8 MB to the space room',
    party: 'space-room',
    frame: () => garbage(8 << 20),
    frames: 8,
  },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function json(url: string, path: string, token: string | null, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as any;
}

const signIn = async (url: string, email: string) =>
  (await json(url, '/api/auth/login', null, { email, password: 'community-demo' })).accessToken as string;

/**
 * The flooder runs in a worker thread, so writing megabytes of frames does not delay this
 * thread's timers and receipts (which would be counted against the server).
 */
const FLOODER = `
const { parentPort, workerData } = require('node:worker_threads');
const WebSocket = require(workerData.wsPath);
const { url, frame, frames, perSecond, cutAfterMs } = workerData;
const started = Date.now();
const socket = new WebSocket(url, { perMessageDeflate: false, maxPayload: 1 << 20 });
let queued = 0;
let written = 0;
const done = (result) => { parentPort.postMessage({ ...result, written, ms: Date.now() - started }); };
const cut = setTimeout(() => { socket.terminate(); }, cutAfterMs);
const send = (count) => {
  for (let i = 0; i < count && queued < frames && socket.readyState === WebSocket.OPEN; i++, queued++) {
    socket.send(frame, (error) => { if (!error) written++; });
  }
};
socket.on('open', () => {
  if (!perSecond) return send(frames);
  const pace = setInterval(() => {
    if (queued >= frames || socket.readyState !== WebSocket.OPEN) return clearInterval(pace);
    send(perSecond / 100);
  }, 10);
});
socket.on('error', () => {});
socket.on('close', (code) => { clearTimeout(cut); done({ code }); });
`;

type FloodResult = { code: number; written: number; ms: number };

function flood(url: string, floodCase: FloodCase, wsPath: string): Promise<FloodResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(FLOODER, {
      eval: true,
      workerData: {
        wsPath,
        url,
        frame: floodCase.frame(),
        frames: floodCase.frames,
        perSecond: floodCase.perSecond ?? 0,
        cutAfterMs: WINDOW_SECONDS * 1000,
      },
    });
    worker.once('message', (result: FloodResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

type Window = {
  meP50: number;
  meP99: number;
  meErrors: number;
  chatP50: number;
  chatP99: number;
  chatSent: number;
  chatLost: number;
  /** CPU the stack's workerd spent from the window's start until its last message arrived. */
  workerdCpuMs: number;
  loadAverage: number;
};

await withBenchStack(async (stack: BenchStack) => {
  const require = createRequire(import.meta.url);
  const wsPath = require.resolve('ws');
  const owner = await signIn(stack.url, 'owner@example.com');
  const prober = await signIn(stack.url, 'admin@example.com');
  const flooderEmail = 'member@example.com';
  const flooder = await signIn(stack.url, flooderEmail);
  const flooderId = (await json(stack.url, '/api/auth/me', flooder)).user.id as string;
  const space = await json(stack.url, '/api/spaces', owner, {
    name: 'Flood room',
    description: 'Flood benchmark',
    type: 'PUBLIC',
  });
  await json(stack.url, `/api/spaces/${space.id}/users`, owner, { userId: flooderId });
  const ticket = async (token: string, party: string, room: string) =>
    (await json(stack.url, '/api/realtime/ticket', token, { party, room })).ticket as string;
  const roomUrl = async (token: string, party: string, room: string) =>
    `${stack.url.replace('http', 'ws')}/parties/${party}/${room}?ticket=${await ticket(token, party, room)}`;

  // The listener: the admin's tab on the space's chat.
  const sentAt = new Map<string, number>();
  let receipts: number[] = [];
  const listener = new WebSocket(await roomUrl(prober, 'space-room', space.id), { perMessageDeflate: false });
  await new Promise((resolve, reject) => {
    listener.once('open', resolve);
    listener.once('error', reject);
  });
  listener.on('message', (data) => {
    const match = /"content":"(flood-[^"]+)"/.exec(String(data));
    const started = match ? sentAt.get(match[1]!) : undefined;
    if (started !== undefined) {
      receipts.push(performance.now() - started);
      sentAt.delete(match![1]!);
    }
  });

  const meter = cpuMeter({ workerd: () => workerdOfThisProcess() });
  let n = 0;
  /** Probes and chat for `ms`, then waits for the stragglers (a stalled request still counts). */
  async function measure(ms: number): Promise<Window> {
    const me: number[] = [];
    let meErrors = 0;
    receipts = [];
    meter.start();
    const until = performance.now() + ms;
    const probe = async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const response = await fetch(`${stack.url}/api/auth/me`, {
          headers: { authorization: `Bearer ${prober}` },
        }).catch(() => null);
        await response?.arrayBuffer();
        me.push(performance.now() - started);
        if (!response?.ok) meErrors++;
      }
    };
    const chat = async () => {
      const sends: Promise<unknown>[] = [];
      let sent = 0;
      while (performance.now() < until) {
        const content = `flood-${n++}`;
        sentAt.set(content, performance.now());
        sends.push(
          json(stack.url, `/api/spaces/${space.id}/messages`, owner, { content, clientKey: content }).catch(
            () => {},
          ),
        );
        sent++;
        await sleep(MESSAGE_EVERY_MS);
      }
      await Promise.all(sends);
      return sent;
    };
    const [chatSent] = await Promise.all([chat(), ...Array.from({ length: PROBES }, probe)]);
    const deadline = performance.now() + 30_000;
    while (receipts.length < chatSent && performance.now() < deadline) await sleep(100);
    const workerdCpuMs = Math.round(meter.stop().workerd ?? 0);
    const lost = chatSent - receipts.length;
    // A message never received counts as the slowest of all.
    const chatLatencies = [...receipts, ...Array<number>(lost).fill(30_000)].sort((a, b) => a - b);
    sentAt.clear();
    me.sort((a, b) => a - b);
    return {
      meP50: Math.round(percentile(me, 50)),
      meP99: Math.round(percentile(me, 99)),
      meErrors,
      chatP50: Math.round(percentile(chatLatencies, 50)),
      chatP99: Math.round(percentile(chatLatencies, 99)),
      chatSent,
      chatLost: lost,
      workerdCpuMs,
      loadAverage: Math.round(os.loadavg()[0]! * 10) / 10,
    };
  }

  console.log('Warming up…');
  await measure(3000);
  console.log(`Normal (reference): ${WINDOW_SECONDS} s…`);
  const before = await measure(WINDOW_SECONDS * 1000);
  const floods: { floodCase: FloodCase; window: Window; flood: FloodResult }[] = [];
  for (const floodCase of CASES) {
    console.log(`Flood: ${floodCase.name}…`);
    const room = floodCase.party === 'presence-room' ? 'community' : space.id;
    const url = await roomUrl(flooder, floodCase.party, room);
    const [window, result] = await Promise.all([
      measure(WINDOW_SECONDS * 1000),
      flood(url, floodCase, wsPath),
    ]);
    floods.push({ floodCase, window, flood: result });
    await sleep(2000);
  }
  console.log(`Normal again: ${WINDOW_SECONDS} s…`);
  const after = await measure(WINDOW_SECONDS * 1000);
  listener.close();

  const normalMe = Math.max(before.meP99, after.meP99);
  const normalChat = Math.max(before.chatP99, after.chatP99);
  const met = (w: Window) =>
    w.meP99 <= BUDGET_FACTOR * normalMe && w.chatP99 <= BUDGET_FACTOR * normalChat && w.chatLost === 0;
  const row = (name: string, w: Window, flooded: string, verdict: string) =>
    `| ${name} | ${w.meP50} / ${w.meP99} ms | ${w.meErrors} | ${w.chatP50} / ${w.chatP99} ms | ${w.chatSent - w.chatLost} / ${w.chatSent} | ${flooded} | ${verdict} | ${w.workerdCpuMs} ms | ${w.loadAverage} |`;
  const summary = [
    `| phase (${WINDOW_SECONDS} s each) | GET /api/auth/me p50 / p99 | its errors | chat delivery p50 / p99 | delivered | flooding socket | budget (p99 ≤ ${BUDGET_FACTOR}× normal) | workerd CPU | load average |`,
    '|---|---|---|---|---|---|---|---|---|',
    row('normal (reference, before)', before, '-', '-'),
    ...floods.map(({ floodCase, window, flood: result }) =>
      row(
        floodCase.name,
        window,
        `${result.code === 1006 ? 'cut by the bench (never closed by the server)' : `closed ${result.code}`} after ${result.ms} ms, ${result.written} of ${floodCase.frames} frames written`,
        met(window) ? 'met' : 'not met',
      ),
    ),
    row('normal (reference, after)', after, '-', '-'),
    '',
    `Normal p99 (the higher of the two reference phases): GET /api/auth/me ${normalMe} ms, chat delivery ${normalChat} ms. ` +
      `${PROBES} loops ask GET /api/auth/me one request after another (admin), the owner sends a chat message every ${MESSAGE_EVERY_MS} ms through the API and the admin's socket on the space room receives it (API call start → receipt; a message not received within 30 s counts as 30 s). ` +
      `The flooder (${flooderEmail}, a member of the space) opens one socket with its own ticket and writes its frames, all at once (burst) or 1,000 a second (steady); "written" counts frames the client library flushed before the server closed the socket, "after" is from the flooder's connect to its close event. ` +
      `Local run on ${os.cpus().length} cores shared with the clients and the stack (and by whatever else ran: see the load average).`,
  ].join('\n');
  console.log(`\n${summary}`);
  await saveResults('flood', summary, { before, after, floods, normalMe, normalChat });
});
