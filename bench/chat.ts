// Chat fan-out: 200 clients in one space room, one sender posting 10 messages/s for 30 s through the
// API; reports delivery latency (API call start → each client's receipt) and delivered vs sent.
// Then 1,000 idle connections in one room: memory of the workerd processes against the same
// processes with no connection (the reference, same run). Budget (issue 4): p99 < 100 ms, 100% delivered.

import { execSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import WebSocket from 'ws';
import { type BenchStack, saveResults, withBenchStack } from './lib.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const RATE = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const IDLE = Number(process.env.BENCH_IDLE ?? 1000);

async function json(stack: BenchStack, path: string, token: string | null, body?: unknown) {
  const response = await fetch(`${stack.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as any;
}

function connect(stack: BenchStack, spaceId: string, ticket: string, onMessage?: (data: string) => void) {
  return new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(
      `${stack.url.replace('http', 'ws')}/parties/space-room/${spaceId}?ticket=${ticket}`,
    );
    socket.on('open', () => resolve(socket));
    socket.on('error', reject);
    if (onMessage) socket.on('message', (data) => onMessage(String(data)));
  });
}

/** Resident memory of the workerd processes, in MiB. */
async function workerdMemory(): Promise<number> {
  const pids = execSync('pgrep -x workerd || true').toString().trim().split('\n').filter(Boolean);
  let kib = 0;
  for (const pid of pids) {
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    kib += Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  }
  return Math.round(kib / 1024);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

await withBenchStack(async (stack) => {
  const { accessToken: token } = await json(stack, '/api/auth/login', null, {
    email: 'owner@example.com',
    password: 'community-demo',
  });
  const space = await json(stack, '/api/spaces', token, {
    name: 'Bench room',
    description: 'Fan-out benchmark',
    type: 'PUBLIC',
  });
  const ticket = async () =>
    (await json(stack, '/api/realtime/ticket', token, { party: 'space-room', room: space.id }))
      .ticket as string;

  console.log(`Opening ${CLIENTS} clients…`);
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let finished = false;
  let reconnects = 0;
  let resynced = 0;

  /** A client as the app is one: live frames, and after any disconnect a new ticket and a resync by sequence. */
  type Client = { seen: Set<string>; lastSeq: number; socket: WebSocket | null };
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
        stack,
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
    const socket = await connect(stack, space.id, await ticket(), (data) => {
      const event = JSON.parse(data);
      if (event.type === 'message.created') receive(client, event.message);
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
    const client: Client = { seen: new Set(), lastSeq: 0, socket: null };
    await open(client);
    clients.push(client);
  }

  console.log(`Sending ${RATE} messages/s for ${SECONDS} s…`);
  let sent = 0;
  const sends: Promise<unknown>[] = [];
  const start = performance.now();
  for (let i = 0; i < RATE * SECONDS; i++) {
    const due = start + (i * 1000) / RATE;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    const content = `bench-${i}`;
    sentAt.set(content, performance.now());
    sends.push(
      json(stack, `/api/spaces/${space.id}/messages`, token, { content, clientKey: `bench-key-${i}` }).then(
        () => sent++,
      ),
    );
  }
  await Promise.all(sends);
  await new Promise((resolve) => setTimeout(resolve, 2000)); // let the last fan-outs land
  await Promise.all(clients.map(resync)); // a client that reconnected late catches up, as the app does
  finished = true;
  for (const client of clients) client.socket?.close();
  const perClient = clients.map((client) => client.seen.size);
  console.log(
    `per client: min ${Math.min(...perClient)}, max ${Math.max(...perClient)}; reconnects: ${reconnects}`,
  );

  latencies.sort((a, b) => a - b);
  const expected = sent * CLIENTS;
  const fanOut = {
    clients: CLIENTS,
    sent,
    reconnects,
    resynced,
    delivered: perClient.reduce((sum, count) => sum + count, 0),
    expected,
    deliveredPercent:
      Math.round((perClient.reduce((sum, count) => sum + count, 0) / expected) * 10_000) / 100,
    p50Ms: Math.round(percentile(latencies, 50)),
    p99Ms: Math.round(percentile(latencies, 99)),
  };

  console.log(`Opening ${IDLE} idle connections…`);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const before = await workerdMemory();
  const idle: WebSocket[] = [];
  for (let i = 0; i < IDLE; i++) idle.push(await connect(stack, space.id, await ticket()));
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const after = await workerdMemory();
  for (const socket of idle) socket.close();
  const memory = {
    idleConnections: IDLE,
    referenceMiB: before,
    withConnectionsMiB: after,
    perConnectionKiB: Math.round(((after - before) * 1024) / IDLE),
  };

  const summary = [
    '| fan-out | value |',
    '|---|---|',
    `| clients in the room | ${fanOut.clients} |`,
    `| messages sent (${RATE}/s for ${SECONDS} s) | ${fanOut.sent} |`,
    `| deliveries / expected (each message once per client) | ${fanOut.delivered} / ${fanOut.expected} (${fanOut.deliveredPercent}%) |`,
    `| socket drops during the run (reconnected, then resynced by sequence) | ${fanOut.reconnects} |`,
    `| of the deliveries, caught up over HTTP after a reconnect | ${fanOut.resynced} |`,
    `| latency p50 (API call → receipt) | ${fanOut.p50Ms} ms |`,
    `| latency p99 | ${fanOut.p99Ms} ms |`,
    '',
    '| idle connections | workerd memory |',
    '|---|---|',
    `| none (reference, same run) | ${memory.referenceMiB} MiB |`,
    `| ${IDLE} in one room | ${memory.withConnectionsMiB} MiB (${memory.perConnectionKiB} KiB each) |`,
    '',
    'Budget: p99 under 100 ms, 100% delivered. Local run through `wrangler dev` on 2 cores shared with the clients.',
  ].join('\n');
  console.log(`\n${summary}`);
  await saveResults('chat', summary, { fanOut, memory });
});
