// Chat fan-out: CLIENTS clients in one space room, one sender posting 10 messages/s for SECONDS
// through the API; reports delivery latency (API call start → each client's receipt), delivered vs
// sent, and the CPU each part spent per 1,000 deliveries: the stack's workerd processes (edge-api,
// and the room, on Miniflare), Postgres, and this process (the clients, plus the local
// database gateway the stack runs in it). Then the same clients fed signed commands straight to the
// room (no API call), and a bare partyserver room (bench/reference-room) with as many clients fed
// the same frames, measured in the same run: the room's CPU per 1,000 deliveries next to the
// reference's. With BENCH_IDLE=n, n idle connections last: memory of the stack's workerd processes
// against the same processes with none. Budget (issue 10): p99 < 200 ms at 1,000 clients, 100% delivered.
// Reactions (issue 28): the same clients, REACTION_RATE reactions a second for REACTION_SECONDS on the
// newest messages (each call a real change: a new emoji on one of them); the room sends the changes
// of each 100 ms together (ChatRoom, UPDATES_COALESCE_MS); latency from the call to each client's
// receipt of that reaction. Same budget.

import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '@community/db';
import {
  INTERNAL_SIGNATURE_HEADER,
  KNOWN_DEV_SECRETS,
  type ServerEvent,
  signInternalBody,
} from '@community/realtime-protocol';
import WebSocket from 'ws';
import { spawnWorkersHost } from '../scripts/lib/workers-process.ts';
import { cpuMeter, memoryMiB, postgresOfThisProcess, workerdOfThisProcess, workerdUnder } from './cpu.ts';
import { type BenchStack, saveResults, withBenchStack } from './lib.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const RATE = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
/** The room-only and reference phases: enough deliveries for a stable CPU figure. */
const ROOM_SECONDS = Number(process.env.BENCH_ROOM_SECONDS ?? 10);
/** Idle connections for the memory figure (BENCH_IDLE=1000): off by default, as every arrival
 * re-announces who is here to the whole room and 1,000 arrivals take minutes. */
const IDLE = Number(process.env.BENCH_IDLE ?? 0);
const BUDGET_P99_MS = 200;
/** Issue 31: a message through the API within this many times the bare room's p99. */
const API_TO_REFERENCE_BUDGET = 1.5;
const REACTION_RATE = 50;
const REACTION_SECONDS = Number(process.env.BENCH_REACTION_SECONDS ?? 20);
/** The messages reacted to (the newest), and the emoji: each pair once, so every call is a change. */
const REACTED_MESSAGES = 50;
const REACTION_EMOJI = [...'👍😂🎉😮😢🔥👀🙏💯🚀✅🤔👏😍🥳🙌💡🎯🤝🌟'];

async function json(url: string, path: string, token: string | null, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as any;
}

/**
 * Clients skip permessage-deflate: with it, workerd compresses every frame once per socket, which
 * this machine's one workerd thread pays for 10,000 times a second (see the README's chat notes).
 */
function connect(url: string, onMessage?: (data: string) => void) {
  return new Promise<WebSocket>((resolve, reject) => {
    // The frames are the server's own JSON: checking their UTF-8 a thousand times over is the
    // harness's cost, not a client's.
    const socket = new WebSocket(url.replace('http', 'ws'), {
      perMessageDeflate: false,
      skipUTF8Validation: true,
    });
    socket.on('open', () => resolve(socket));
    socket.on('error', reject);
    if (onMessage) socket.on('message', (data) => onMessage(String(data)));
  });
}

/**
 * A message.created frame's id, seq and content, read without parsing the whole frame: 1,000
 * clients on the same 2 cores as the server would otherwise parse 10,000 frames a second. The
 * room writes the event's keys in the schema's order; any other frame is parsed in full.
 */
const MESSAGE_FRAME =
  /^\{"type":"message\.created","message":\{"id":"([^"]+)","spaceId":"[^"]*","seq":(\d+),"content":"([^"\\]*)"/;
function readMessage(data: string): { id: string; seq: number; content: string } | null {
  const match = MESSAGE_FRAME.exec(data);
  if (match) return { id: match[1]!, seq: Number(match[2]), content: match[3]! };
  if (!data.includes('"message.created"')) return null;
  const event = JSON.parse(data);
  return event.type === 'message.created' ? event.message : null;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * The reactions a `message.updated` or `updates` frame shows, as `messageId|emoji` keys, read without
 * parsing the frame (thousands of frames a second here): each message's id, then the emoji of its
 * reactions up to the next message. A key seen before by the same client is not a new receipt.
 */
const CHANGES_FRAME = /^\{"type":"(?:message\.updated|updates)"/;
const MESSAGE_ID = /\{"spaceId":"[^"]*","id":"([^"]+)"/g;
const EMOJI = /"emoji":"([^"]+)"/g;
function readReactions(data: string): string[] {
  // Every client gets the same frame, one after another: read it once, not once per client (this
  // process plays all 1,000 devices on the server's 2 cores; a real device reads only its own).
  if (data === lastChanges.frame) return lastChanges.keys;
  if (!CHANGES_FRAME.test(data)) return [];
  lastChanges = { frame: data, keys: reactionKeys(data) };
  return lastChanges.keys;
}
let lastChanges: { frame: string; keys: string[] } = { frame: '', keys: [] };
function reactionKeys(data: string): string[] {
  const messages = [...data.matchAll(MESSAGE_ID)];
  return messages.flatMap((message, i) => {
    const segment = data.slice(message.index, messages[i + 1]?.index ?? data.length);
    return [...segment.matchAll(EMOJI)].map((emoji) => `${message[1]}|${emoji[1]}`);
  });
}

/** A frame like the ones edge-api sends, for the room-only and reference phases. */
function messageEvent(spaceId: string, seq: number, content: string): ServerEvent {
  return {
    type: 'message.created',
    message: {
      id: crypto.randomUUID(),
      spaceId,
      seq,
      content,
      attachments: [],
      author: { id: crypto.randomUUID(), firstName: 'Olivia', lastName: 'Owner', imageUrl: null },
      createdAt: new Date().toISOString(),
      deleted: false,
      clientKey: `bench-key-${seq}`,
      rev: 0,
      editedAt: null,
      replyTo: null,
    },
  };
}

type Phase = { sent: number; delivered: number; expected: number; p50Ms: number; p99Ms: number };
type Cpu = Record<string, number>;
const per1000 = (ms: number, deliveries: number) =>
  deliveries > 0 ? Math.round((ms / deliveries) * 1000 * 10) / 10 : 0;

/**
 * Sends RATE frames a second for `seconds` with `send(i)` (which resolves when the server answered),
 * while `receipts` collects each client's receipt latency; CPU of each group over the whole phase.
 */
async function drive(
  seconds: number,
  meter: ReturnType<typeof cpuMeter>,
  sentAt: Map<string, number>,
  prefix: string,
  send: (i: number, content: string) => Promise<unknown>,
  rate = RATE,
): Promise<{ sent: number; cpu: Cpu }> {
  let sent = 0;
  const sends: Promise<unknown>[] = [];
  meter.start();
  const start = performance.now();
  for (let i = 0; i < rate * seconds; i++) {
    const due = start + (i * 1000) / rate;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    const content = `${prefix}-${i}`;
    sentAt.set(content, performance.now());
    sends.push(send(i, content).then(() => sent++));
  }
  await Promise.all(sends);
  await new Promise((resolve) => setTimeout(resolve, 2000)); // let the last fan-outs land
  return { sent, cpu: meter.stop() };
}

/** The reference: bench/reference-room's two workers on a Miniflare of their own (as the stack's), on 127.0.0.1. */
async function startReference(): Promise<{ url: string; host: ChildProcess; stop(): Promise<void> }> {
  const port = await findFreePort();
  const state = await mkdtemp(path.join(os.tmpdir(), 'community-bench-reference-'));
  const host = spawnWorkersHost({
    port,
    inspectorPort: await findFreePort(),
    persistTo: state,
    buildDir: path.join(state, 'build'),
    configs: ['bench/reference-room/front.jsonc', 'bench/reference-room/room.jsonc'],
  });
  // Its output is not needed, but a pipe nobody reads would stop it once full.
  host.stdout?.resume();
  host.stderr?.resume();
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const ready = await fetch(`${url}/parties/reference-room/warm-up`, { method: 'POST', body: '{}' })
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const stop = async () => {
    const exited = new Promise((resolve) => host.once('exit', resolve));
    try {
      process.kill(-host.pid!, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      process.kill(-host.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
    await rm(state, { recursive: true, force: true });
  };
  return { url, host, stop };
}

await withBenchStack(async (stack: BenchStack) => {
  const { accessToken: token } = await json(stack.url, '/api/auth/login', null, {
    email: 'owner@example.com',
    password: 'community-demo',
  });
  const space = await json(stack.url, '/api/spaces', token, {
    name: 'Bench room',
    description: 'Fan-out benchmark',
    type: 'PUBLIC',
  });
  const roomUrl = `${stack.url}/parties/space-room/${space.id}`;
  const ticket = async () =>
    (await json(stack.url, '/api/realtime/ticket', token, { party: 'space-room', room: space.id }))
      .ticket as string;
  const stackWorkerd = workerdOfThisProcess();
  const meter = cpuMeter({ workerd: () => stackWorkerd, postgres: postgresOfThisProcess });

  console.log(`Opening ${CLIENTS} clients…`);
  const sentAt = new Map<string, number>();
  let latencies: number[] = [];
  let finished = false;
  let reconnects = 0;
  let resynced = 0;

  /** A client as the app is one: live frames, and after any disconnect a new ticket and a resync by sequence. */
  type Client = { seen: Set<string>; reactions: Set<string>; lastSeq: number; socket: WebSocket | null };
  const reactionSentAt = new Map<string, number>();
  const reactionLatencies: number[] = [];
  const receive = (client: Client, message: { id: string; seq: number; content: string }) => {
    if (client.seen.has(message.id)) return;
    client.seen.add(message.id);
    client.lastSeq = Math.max(client.lastSeq, message.seq);
    const started = sentAt.get(message.content);
    if (started !== undefined) latencies.push(performance.now() - started);
  };
  const resync = async (client: Client) => {
    while (true) {
      const page = await json(
        stack.url,
        `/api/spaces/${space.id}/messages?after=${client.lastSeq}&limit=100`,
        token,
      );
      for (const message of page.items) {
        if (!client.seen.has(message.id)) resynced++;
        receive(client, message);
      }
      if (page.items.length < 100) return;
    }
  };
  const open = async (client: Client): Promise<void> => {
    const socket = await connect(`${roomUrl}?ticket=${await ticket()}`, (data) => {
      const reactions = readReactions(data);
      if (reactions.length > 0) {
        for (const reaction of reactions) {
          const started = reactionSentAt.get(reaction);
          if (started !== undefined && !client.reactions.has(reaction)) {
            client.reactions.add(reaction);
            reactionLatencies.push(performance.now() - started);
          }
        }
        return;
      }
      const message = readMessage(data);
      if (message) receive(client, message);
    });
    client.socket = socket;
    socket.on('close', () => {
      if (finished) return;
      reconnects++;
      // Like a deploy: come back, then ask for what came after the last message seen.
      setTimeout(
        () =>
          open(client)
            .then(() => resync(client))
            .catch(() => {}),
        100,
      );
    });
  };
  const clients: Client[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const client: Client = { seen: new Set(), reactions: new Set(), lastSeq: 0, socket: null };
    await open(client);
    clients.push(client);
  }

  console.log(`Sending ${RATE} messages/s for ${SECONDS} s through the API…`);
  const api = await drive(SECONDS, meter, sentAt, 'bench', (i, content) =>
    json(stack.url, `/api/spaces/${space.id}/messages`, token, { content, clientKey: `bench-key-${i}` }),
  );
  const apiLatencies = latencies.sort((a, b) => a - b);
  const apiDeliveredLive = apiLatencies.length;
  await Promise.all(clients.map(resync)); // a client that reconnected late catches up, as the app does
  const perClient = clients.map((client) => client.seen.size);
  console.log(
    `per client: min ${Math.min(...perClient)}, max ${Math.max(...perClient)}; reconnects: ${reconnects}`,
  );
  const delivered = perClient.reduce((sum, count) => sum + count, 0);
  const fanOut = {
    clients: CLIENTS,
    sent: api.sent,
    reconnects,
    resynced,
    delivered,
    expected: api.sent * CLIENTS,
    deliveredPercent: Math.round((delivered / (api.sent * CLIENTS)) * 10_000) / 100,
    p50Ms: Math.round(percentile(apiLatencies, 50)),
    p99Ms: Math.round(percentile(apiLatencies, 99)),
    cpuMs: api.cpu,
  };

  // Reactions: REACTION_RATE calls a second on the newest messages, each a new emoji on one of them.
  console.log(`Reacting ${REACTION_RATE} times/s for ${REACTION_SECONDS} s through the API…`);
  const newest = (await json(stack.url, `/api/spaces/${space.id}/messages?limit=${REACTED_MESSAGES}`, token))
    .items as { id: string }[];
  const reconnectsBefore = reconnects;
  let reactionsRefused = 0;
  /** How long each reaction call took to be answered: the API's share of the latency. */
  const reactionCalls: number[] = [];
  const reacting = await drive(
    REACTION_SECONDS,
    meter,
    sentAt,
    'reaction',
    async (i) => {
      const message = newest[i % newest.length]!;
      const emoji = REACTION_EMOJI[Math.floor(i / newest.length) % REACTION_EMOJI.length]!;
      const calledAt = performance.now();
      reactionSentAt.set(`${message.id}|${emoji}`, calledAt);
      const response = await fetch(
        `${stack.url}/api/spaces/${space.id}/messages/${message.id}/reactions/${encodeURIComponent(emoji)}`,
        { method: 'PUT', headers: { authorization: `Bearer ${token}` } },
      );
      if (!response.ok && reactionsRefused++ === 0)
        console.log(`A reaction was refused: ${response.status} ${await response.clone().text()}`);
      await response.arrayBuffer();
      reactionCalls.push(performance.now() - calledAt);
    },
    REACTION_RATE,
  );
  reactionCalls.sort((a, b) => a - b);
  const sortedReactions = reactionLatencies.sort((a, b) => a - b);
  const reactionsExpected = (reacting.sent - reactionsRefused) * CLIENTS;
  const reactions = {
    clients: CLIENTS,
    sent: reacting.sent,
    refused: reactionsRefused,
    reconnects: reconnects - reconnectsBefore,
    delivered: sortedReactions.length,
    expected: reactionsExpected,
    deliveredPercent: Math.round((sortedReactions.length / Math.max(1, reactionsExpected)) * 10_000) / 100,
    p50Ms: Math.round(percentile(sortedReactions, 50)),
    p99Ms: Math.round(percentile(sortedReactions, 99)),
    callP50Ms: Math.round(percentile(reactionCalls, 50)),
    callP99Ms: Math.round(percentile(reactionCalls, 99)),
    cpuMs: reacting.cpu,
  };

  // The room alone: signed commands as edge-api sends them, straight to /parties/space-room/{id}.
  console.log(`Sending ${RATE} signed commands/s for ${ROOM_SECONDS} s straight to the room…`);
  latencies = [];
  const room = await drive(ROOM_SECONDS, meter, sentAt, 'room', async (i, content) => {
    const body = JSON.stringify({ action: 'broadcast', event: messageEvent(space.id, 100_000 + i, content) });
    const response = await fetch(roomUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [INTERNAL_SIGNATURE_HEADER]: await signInternalBody(KNOWN_DEV_SECRETS.REALTIME_SECRET, body),
      },
      body,
    });
    if (!response.ok) throw new Error(`Room refused the command: ${response.status}`);
  });
  const roomLatencies = latencies.sort((a, b) => a - b);
  const roomOnly: Phase & { cpuMs: Cpu } = {
    sent: room.sent,
    delivered: roomLatencies.length,
    expected: room.sent * CLIENTS,
    p50Ms: Math.round(percentile(roomLatencies, 50)),
    p99Ms: Math.round(percentile(roomLatencies, 99)),
    cpuMs: room.cpu,
  };
  finished = true;
  for (const client of clients) client.socket?.close();

  // The reference: a bare partyserver room, as many clients, the same frames at the same rate.
  console.log(`Reference: a bare partyserver room with ${CLIENTS} clients…`);
  const reference = await startReference();
  let referencePhase: Phase & { cpuMs: Cpu };
  try {
    const referenceWorkerd = workerdUnder(reference.host.pid!);
    const referenceMeter = cpuMeter({ workerd: () => referenceWorkerd, postgres: () => [] });
    const referenceRoom = `${reference.url}/parties/reference-room/bench`;
    latencies = [];
    const sockets: WebSocket[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      sockets.push(
        await connect(referenceRoom, (data) => {
          const message = readMessage(data);
          const started = message ? sentAt.get(message.content) : undefined;
          if (started !== undefined) latencies.push(performance.now() - started);
        }),
      );
    }
    const run = await drive(ROOM_SECONDS, referenceMeter, sentAt, 'reference', async (i, content) => {
      const response = await fetch(referenceRoom, {
        method: 'POST',
        body: JSON.stringify(messageEvent(space.id, i + 1, content)),
      });
      if (!response.ok) throw new Error(`Reference room refused: ${response.status}`);
    });
    const sorted = latencies.sort((a, b) => a - b);
    referencePhase = {
      sent: run.sent,
      delivered: sorted.length,
      expected: run.sent * CLIENTS,
      p50Ms: Math.round(percentile(sorted, 50)),
      p99Ms: Math.round(percentile(sorted, 99)),
      cpuMs: run.cpu,
    };
    for (const socket of sockets) socket.close();
  } finally {
    await reference.stop();
  }

  let memory: {
    idleConnections: number;
    referenceMiB: number;
    withConnectionsMiB: number;
    perConnectionKiB: number;
  } | null = null;
  if (IDLE > 0) {
    console.log(`Opening ${IDLE} idle connections…`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = await memoryMiB(stackWorkerd);
    const idle: WebSocket[] = [];
    for (let i = 0; i < IDLE; i++) idle.push(await connect(`${roomUrl}?ticket=${await ticket()}`));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const after = await memoryMiB(stackWorkerd);
    for (const socket of idle) socket.close();
    memory = {
      idleConnections: IDLE,
      referenceMiB: before,
      withConnectionsMiB: after,
      perConnectionKiB: Math.round(((after - before) * 1024) / IDLE),
    };
  }

  const cpu = {
    apiPer1000: {
      workerd: per1000(fanOut.cpuMs.workerd ?? 0, apiDeliveredLive),
      postgres: per1000(fanOut.cpuMs.postgres ?? 0, apiDeliveredLive),
      bench: per1000(fanOut.cpuMs.bench ?? 0, apiDeliveredLive),
    },
    roomPer1000: {
      workerd: per1000(roomOnly.cpuMs.workerd ?? 0, roomOnly.delivered),
      bench: per1000(roomOnly.cpuMs.bench ?? 0, roomOnly.delivered),
    },
    referencePer1000: {
      workerd: per1000(referencePhase.cpuMs.workerd ?? 0, referencePhase.delivered),
      bench: per1000(referencePhase.cpuMs.bench ?? 0, referencePhase.delivered),
    },
  };
  const met = fanOut.p99Ms < BUDGET_P99_MS && fanOut.delivered === fanOut.expected;
  const reactionsMet = reactions.p99Ms < BUDGET_P99_MS && reactions.delivered === reactions.expected;
  // Issue 31, goal 4: the API path within 1.5x of a bare partyserver room's p99, same clients, same run.
  const apiToReference = Math.round((fanOut.p99Ms / Math.max(1, referencePhase.p99Ms)) * 100) / 100;
  const apiToReferenceMet = apiToReference <= API_TO_REFERENCE_BUDGET;
  const summary = [
    '| fan-out through the API | value |',
    '|---|---|',
    `| clients in the room | ${fanOut.clients} |`,
    `| messages sent (${RATE}/s for ${SECONDS} s) | ${fanOut.sent} |`,
    `| deliveries / expected (each message once per client) | ${fanOut.delivered} / ${fanOut.expected} (${fanOut.deliveredPercent}%) |`,
    `| socket drops during the run (reconnected, then resynced by sequence) | ${fanOut.reconnects} |`,
    `| of the deliveries, caught up over HTTP after a reconnect | ${fanOut.resynced} |`,
    `| latency p50 (API call → receipt) | ${fanOut.p50Ms} ms |`,
    `| latency p99 | ${fanOut.p99Ms} ms (budget ${BUDGET_P99_MS} ms: ${met ? 'met' : 'not met'}) |`,
    `| p99 / the bare partyserver room's p99 (below) | ${apiToReference}x (budget ${API_TO_REFERENCE_BUDGET}x: ${apiToReferenceMet ? 'met' : 'not met'}) |`,
    '',
    `| reactions through the API (${REACTION_RATE}/s for ${REACTION_SECONDS} s on the newest ${REACTED_MESSAGES} messages) | value |`,
    '|---|---|',
    `| reactions sent (refused) | ${reactions.sent} (${reactions.refused}) |`,
    `| deliveries / expected (each reaction once per client) | ${reactions.delivered} / ${reactions.expected} (${reactions.deliveredPercent}%) |`,
    `| socket drops during the reactions (not resynced here) | ${reactions.reconnects} |`,
    `| latency p50 (API call → receipt) | ${reactions.p50Ms} ms |`,
    `| latency p99 | ${reactions.p99Ms} ms (budget ${BUDGET_P99_MS} ms: ${reactionsMet ? 'met' : 'not met'}) |`,
    `| of which the API call itself (answered), p50 / p99 | ${reactions.callP50Ms} / ${reactions.callP99Ms} ms |`,
    '',
    '| CPU per 1,000 deliveries (same run) | workerd (all of the stack) | the bench process (clients) | latency p50 / p99 |',
    '|---|---|---|---|',
    `| through the API (edge-api, Postgres ${cpu.apiPer1000.postgres} ms more) | ${cpu.apiPer1000.workerd} ms | ${cpu.apiPer1000.bench} ms | ${fanOut.p50Ms} / ${fanOut.p99Ms} ms |`,
    `| our room alone (signed commands, ${roomOnly.delivered}/${roomOnly.expected} delivered) | ${cpu.roomPer1000.workerd} ms | ${cpu.roomPer1000.bench} ms | ${roomOnly.p50Ms} / ${roomOnly.p99Ms} ms |`,
    `| reactions through the API (workerd ${per1000(reactions.cpuMs.workerd ?? 0, reactions.delivered)} ms, Postgres ${per1000(reactions.cpuMs.postgres ?? 0, reactions.delivered)} ms) | ${per1000(reactions.cpuMs.workerd ?? 0, reactions.delivered)} ms | ${per1000(reactions.cpuMs.bench ?? 0, reactions.delivered)} ms | ${reactions.p50Ms} / ${reactions.p99Ms} ms |`,
    `| reference: bare partyserver broadcast (${referencePhase.delivered}/${referencePhase.expected} delivered) | ${cpu.referencePer1000.workerd} ms | ${cpu.referencePer1000.bench} ms | ${referencePhase.p50Ms} / ${referencePhase.p99Ms} ms |`,
    ...(memory
      ? [
          '',
          '| idle connections | workerd memory |',
          '|---|---|',
          `| none (reference, same run) | ${memory.referenceMiB} MiB |`,
          `| ${IDLE} in one room | ${memory.withConnectionsMiB} MiB (${memory.perConnectionKiB} KiB each) |`,
        ]
      : []),
    '',
    `Load average when the run ended: ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(', ')} (1, 5, 15 min; the machine is shared).`,
    '',
    `Budget: p99 under ${BUDGET_P99_MS} ms at 1,000 clients, 100% delivered. Local run on Miniflare (ADR 25) on ${os.cpus().length} cores shared with the clients.`,
  ].join('\n');
  console.log(`\n${summary}`);
  await saveResults('chat', summary, {
    fanOut,
    reactions,
    roomOnly,
    reference: referencePhase,
    cpu,
    memory,
    apiToReference,
    loadAverage: os.loadavg(),
  });
});
