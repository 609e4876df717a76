// Direct messages and notification fan-out (issue 10, "Speed"). First, CONVERSATIONS one-to-one
// conversations at RATE messages/s each for SECONDS through the API (`POST
// /api/conversations/{id}/messages`), each participant on its conversation room socket: delivery
// latency from the API call's start to the OTHER participant's receipt, and delivered vs sent.
// Then one published event in a space of MEMBERS members, each on their user room socket: the time
// from the API call's start (`POST /api/events`, which makes ONE fan-out call) until the last user
// room socket received its notification. Budgets: p99 < 100 ms with 100% delivered; fan-out < 2 s.
//
// Members are made with SQL (users, the `messages` feature, space membership) and signed in the
// cheap honest way: a sessions row each, and an access token signed as edge-api signs one with the
// stack's development AUTH_SECRET. Every ticket still comes from edge-api (`POST
// /api/realtime/ticket`, which checks the session and the right to the room), and every room still
// checks it; nothing on the server is bypassed.

import pg from 'pg';
import type WebSocket from 'ws';
import { cpuMeter, memoryMiB, openFiles, openFilesLimit, workerdOfThisProcess } from './cpu.ts';
import {
  type BenchStack,
  call,
  inBatches,
  inPersonEvent,
  type Member,
  makeMembers,
  openRoom,
  percentile,
  saveResults,
  signIn,
  withBenchStack,
} from './lib.ts';

const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 100);
const RATE = 2; // messages per second in each conversation
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
/** The reference phase before it: a tenth of the conversations at the same rate each. */
const REFERENCE_SECONDS = 10;
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 5000);
const BUDGET_P99_MS = 100;
/** Idle sockets held in one room for the memory and hold figures (issue 31: 10,000 for a minute). */
const IDLE_SOCKETS = Number(process.env.BENCH_IDLE_SOCKETS ?? 10_000);
/** `dm`, `fanout`, `idle`, or `both` (default: dm and fanout): the parts can be run on their own. */
const PART = process.env.BENCH_PART ?? 'both';
const BUDGET_FANOUT_MS = 2000;
/** How long the fan-out's sockets are then held idle, checking none drops (issue 31: a minute). */
const HOLD_SECONDS = Number(process.env.BENCH_HOLD_SECONDS ?? 60);
const BUDGET_IDLE_KIB = 50;
/** " (close codes: 1006 × 12)" for sockets closed by code, or nothing when none closed. */
function closeCodesNote(closeCodes: Record<string, number>): string {
  const entries = Object.entries(closeCodes);
  return entries.length === 0
    ? ''
    : ` (close codes: ${entries.map(([code, n]) => `${code} × ${n}`).join(', ')})`;
}

async function directMessages(stack: BenchStack, db: pg.Client, sockets: WebSocket[]) {
  // ---- Direct messages ----
  console.log(`Making ${CONVERSATIONS} conversations…`);
  const people = await makeMembers(db, 'dm', CONVERSATIONS * 2, ['messages']);
  const pairs = Array.from(
    { length: CONVERSATIONS },
    (_, k) => [people[2 * k]!, people[2 * k + 1]!] as const,
  );
  const conversationIds = await inBatches(pairs, async ([a, b]) => {
    const { conversation } = await call(stack, '/api/conversations', a.token, { userId: b.id });
    return conversation.id as string;
  });

  const sentAt = new Map<string, { at: number; to: string }>();
  /** The phase running: its receipts. */
  let current = { latencies: [] as number[], received: new Set<string>() };
  /** Only the other participant's receipt counts: the sender's own socket gets the message too. */
  const onDm = (me: Member) => (data: string) => {
    if (!data.includes('"dm.created"')) return;
    const event = JSON.parse(data);
    const content = event.message?.content as string;
    const sent = sentAt.get(content);
    if (!sent || sent.to !== me.id || current.received.has(content)) return;
    current.received.add(content);
    current.latencies.push(performance.now() - sent.at);
  };
  console.log('Opening both participants’ conversation room sockets…');
  await inBatches(pairs, async ([a, b], k) => {
    const room = conversationIds[k]!;
    sockets.push(await openRoom(stack, a, 'conversation-room', room, onDm(a)));
    sockets.push(await openRoom(stack, b, 'conversation-room', room, onDm(b)));
  });

  /** RATE messages a second in each of the first `count` conversations for `seconds`. */
  const phase = async (count: number, seconds: number, label: string) => {
    console.log(`Sending ${RATE} messages/s in each of ${count} conversations for ${seconds} s…`);
    current = { latencies: [], received: new Set() };
    const meter = cpuMeter({ workerd: () => workerdOfThisProcess() });
    const total = count * RATE * seconds;
    const interval = 1000 / (count * RATE); // the conversations take turns, evenly spaced
    let sent = 0;
    let failed = 0;
    const sends: Promise<unknown>[] = [];
    meter.start();
    const start = performance.now();
    for (let i = 0; i < total; i++) {
      const due = start + i * interval;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      const k = i % count;
      const round = Math.floor(i / count);
      const [a, b] = pairs[k]!;
      // Turn about: each participant sends one message a second, as their rate limit allows.
      const [from, to] = round % 2 === 0 ? [a, b] : [b, a];
      const content = `${label}-${k}-${round}`;
      sentAt.set(content, { at: performance.now(), to: to.id });
      sends.push(
        call(stack, `/api/conversations/${conversationIds[k]}/messages`, from.token, {
          content,
          clientKey: `bench-${label}-${k}-${round}`,
        }).then(
          () => sent++,
          (error) => {
            failed++;
            sentAt.delete(content);
            if (failed <= 3) console.error(String(error));
          },
        ),
      );
    }
    await Promise.all(sends);
    await new Promise((resolve) => setTimeout(resolve, 2000)); // the last deliveries
    const cpu = meter.stop();
    const latencies = current.latencies.sort((x, y) => x - y);
    const result = {
      conversations: count,
      seconds,
      sent,
      failed,
      delivered: current.received.size,
      deliveredPercent: sent > 0 ? Math.round((current.received.size / sent) * 10_000) / 100 : 0,
      p50Ms: Math.round(percentile(latencies, 50)),
      p99Ms: Math.round(percentile(latencies, 99)),
      maxMs: Math.round(latencies.at(-1) ?? 0),
      cpuMsPerMessage: {
        workerd: sent > 0 ? Math.round(((cpu.workerd ?? 0) / sent) * 100) / 100 : 0,
        bench: sent > 0 ? Math.round(((cpu.bench ?? 0) / sent) * 100) / 100 : 0,
      },
    };
    console.log(result);
    return result;
  };
  // The reference, same run, same sockets: a tenth of the conversations, where nothing queues.
  const reference = await phase(Math.max(1, Math.round(CONVERSATIONS / 10)), REFERENCE_SECONDS, 'ref');
  // Each participant sends one a second, as fast as their bucket refills: the reference leaves it full.
  const dm = { ...(await phase(CONVERSATIONS, SECONDS, 'dm')), reference };
  for (const socket of sockets.splice(0)) socket.close();

  return dm;
}

async function notificationFanOut(stack: BenchStack, db: pg.Client, sockets: WebSocket[]) {
  // ---- Notification fan-out ----
  console.log(`Making a space of ${MEMBERS} members, each on their user room socket…`);
  const owner = await signIn(stack, 'owner@example.com');
  const space = await call(stack, '/api/spaces', owner.accessToken, {
    name: 'Bench fan-out',
    description: 'Notification fan-out benchmark',
    type: 'PUBLIC',
  });
  const members = await makeMembers(db, 'fan', MEMBERS, ['messages']);
  await db.query('insert into space_members (space_id, user_id) select $1, unnest($2::uuid[])', [
    space.id,
    members.map((member) => member.id),
  ]);
  const gotAt = new Map<string, number>();
  let duplicates = 0;
  /** Sockets closed before the end, by close code (1006: the connection broke without a close frame). */
  const closedWith = new Map<number, number>();
  let title = '';
  const workerd = workerdOfThisProcess();
  const memoryBefore = await memoryMiB(workerd);
  await inBatches(members, async (member, index) => {
    if (index % 500 === 0) console.log(`  ${index} of ${MEMBERS} user room sockets open`);
    const socket = await openRoom(stack, member, 'user-room', member.id, (data) => {
      if (!data.includes('"notification"') || !title || !data.includes(title)) return;
      if (gotAt.has(member.id)) duplicates++;
      else gotAt.set(member.id, performance.now());
    });
    socket.on('close', (code) => closedWith.set(code, (closedWith.get(code) ?? 0) + 1));
    sockets.push(socket);
  });
  await new Promise((resolve) => setTimeout(resolve, 1000)); // presence reports settle
  // What an idle socket costs the stack's workerd: its resident memory with them all open, less
  // before (the first rooms' isolates are in the difference too, so this is an upper bound).
  const memoryIdle = await memoryMiB(workerd);
  const closedBeforeCall = [...closedWith.values()].reduce((sum, n) => sum + n, 0);
  title = `Bench fan-out ${Date.now()}`;
  // Locally every room is in the one workerd process: its open files (each socket, and each woken
  // room's SQLite storage) against its limit, sampled through the fan-out.
  const openFilesBefore = openFiles(workerd);
  let openFilesPeak = openFilesBefore;
  const sampling = setInterval(() => {
    openFilesPeak = Math.max(openFilesPeak, openFiles(workerd));
  }, 250);
  const calledAt = performance.now();
  const published = await call(
    stack,
    '/api/events',
    owner.accessToken,
    inPersonEvent({
      title,
      description: 'For every member',
      spaceId: space.id,
      hostId: owner.user.id,
    }),
  );
  const answeredIn = performance.now() - calledAt;
  const deadline = performance.now() + 30_000;
  while (gotAt.size < MEMBERS && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, 1000)); // any duplicate
  clearInterval(sampling);
  const arrivals = [...gotAt.values()].map((at) => at - calledAt).sort((x, y) => x - y);
  console.log(`Holding the ${MEMBERS} sockets idle for ${HOLD_SECONDS} s…`);
  await new Promise((resolve) => setTimeout(resolve, HOLD_SECONDS * 1000));
  const fanOut = {
    members: MEMBERS,
    announced: published.announced === true,
    reached: gotAt.size,
    duplicates,
    apiAnsweredMs: Math.round(answeredIn),
    firstMs: Math.round(arrivals[0] ?? 0),
    p50Ms: Math.round(percentile(arrivals, 50)),
    lastMs: Math.round(arrivals.at(-1) ?? 0),
    workerdMiB: { before: memoryBefore, idle: memoryIdle, afterHold: await memoryMiB(workerd) },
    idleKiBPerSocket: Math.round(((memoryIdle - memoryBefore) * 1024) / MEMBERS),
    heldSeconds: HOLD_SECONDS,
    droppedWhileHeld: [...closedWith.values()].reduce((sum, n) => sum + n, 0),
    closeCodes: Object.fromEntries(closedWith),
    closedBeforeCall,
    workerdOpenFiles: {
      beforeCall: openFilesBefore,
      peak: openFilesPeak,
      limit: workerd[0] === undefined ? null : openFilesLimit(workerd[0]),
    },
  };
  console.log(fanOut);

  return fanOut;
}

/**
 * IDLE_SOCKETS sockets of one member in one room (a public space's posts room, which announces
 * nothing on arrival), held HOLD_SECONDS: workerd's memory per socket, its open files, and how many
 * closed. One room, so the figure is a socket's own cost; the fan-out above has a room per socket.
 */
async function idleSockets(stack: BenchStack, sockets: WebSocket[]) {
  const owner = await signIn(stack, 'owner@example.com');
  const member: Member = { id: owner.user.id, token: owner.accessToken };
  const space = await call(stack, '/api/spaces', owner.accessToken, {
    name: 'Bench idle sockets',
    description: 'Idle sockets benchmark',
    type: 'PUBLIC',
  });
  const workerd = workerdOfThisProcess();
  const memoryBefore = await memoryMiB(workerd);
  const openFilesBefore = openFiles(workerd);
  const openFilesLimitOf = workerd[0] === undefined ? null : openFilesLimit(workerd[0]); // before it may be gone
  const closedWith = new Map<number, number>();
  let openFilesPeak = openFilesBefore;
  const sampling = setInterval(() => {
    openFilesPeak = Math.max(openFilesPeak, openFiles(workerd));
  }, 250);
  console.log(`Opening ${IDLE_SOCKETS} idle sockets in one posts room…`);
  await inBatches(
    Array.from({ length: IDLE_SOCKETS }, (_, i) => i),
    async (_, index) => {
      if (index % 1000 === 0) console.log(`  ${index} of ${IDLE_SOCKETS} open`);
      const socket = await openRoom(stack, member, 'posts-room', space.id, () => {});
      socket.on('close', (code) => closedWith.set(code, (closedWith.get(code) ?? 0) + 1));
      sockets.push(socket);
    },
  );
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const memoryOpen = await memoryMiB(workerd);
  const openFilesOpen = openFiles(workerd);
  clearInterval(sampling);
  // Miniflare restarts a crashed workerd as a new process: the one measured is then gone.
  const workerdExited = memoryOpen === 0;
  console.log(`Holding them ${HOLD_SECONDS} s…`);
  await new Promise((resolve) => setTimeout(resolve, HOLD_SECONDS * 1000));
  const idle = {
    sockets: IDLE_SOCKETS,
    heldSeconds: HOLD_SECONDS,
    workerdMiB: { before: memoryBefore, open: memoryOpen, afterHold: await memoryMiB(workerd) },
    kiBPerSocket: workerdExited ? null : Math.round(((memoryOpen - memoryBefore) * 1024) / IDLE_SOCKETS),
    openFiles: {
      before: openFilesBefore,
      open: openFilesOpen,
      peak: openFilesPeak,
      limit: openFilesLimitOf,
    },
    workerdExited,
    closed: [...closedWith.values()].reduce((sum, n) => sum + n, 0),
    closeCodes: Object.fromEntries(closedWith),
  };
  console.log(idle);
  for (const socket of sockets.splice(0)) socket.close();
  return idle;
}

await withBenchStack(async (stack) => {
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  const sockets: WebSocket[] = [];
  try {
    const dm = PART === 'dm' || PART === 'both' ? await directMessages(stack, db, sockets) : null;
    const fanOut = PART === 'fanout' || PART === 'both' ? await notificationFanOut(stack, db, sockets) : null;
    const idle = PART === 'idle' ? await idleSockets(stack, sockets) : null;
    const idleSocketsMet =
      idle !== null &&
      idle.kiBPerSocket !== null &&
      idle.kiBPerSocket <= BUDGET_IDLE_KIB &&
      idle.closed === 0;
    const dmMet = dm !== null && dm.p99Ms < BUDGET_P99_MS && dm.delivered === dm.sent && dm.failed === 0;
    const fanOutMet = fanOut !== null && fanOut.reached === MEMBERS && fanOut.lastMs < BUDGET_FANOUT_MS;
    const idleMet = fanOut !== null && fanOut.idleKiBPerSocket <= BUDGET_IDLE_KIB;
    const summary = [
      ...(dm
        ? [
            '| direct messages | value |',
            '|---|---|',
            `| conversations (both participants on the conversation room socket) | ${dm.conversations} |`,
            `| messages sent (${RATE}/s in each for ${SECONDS} s; failed API calls) | ${dm.sent} (${dm.failed} failed) |`,
            `| delivered to the other participant / sent | ${dm.delivered} / ${dm.sent} (${dm.deliveredPercent}%) |`,
            `| latency p50 (API call → the other participant's receipt) | ${dm.p50Ms} ms |`,
            `| latency p99 | ${dm.p99Ms} ms (budget ${BUDGET_P99_MS} ms, 100% delivered: ${dmMet ? 'met' : 'not met'}) |`,
            `| latency max | ${dm.maxMs} ms |`,
            `| CPU per sent message: workerd / the bench process (clients and the local database gateway) | ${dm.cpuMsPerMessage.workerd} / ${dm.cpuMsPerMessage.bench} ms |`,
            `| reference, same run and sockets: ${dm.reference.conversations} conversations (${dm.reference.conversations * RATE} messages/s) for ${dm.reference.seconds} s | ${dm.reference.sent} sent (${dm.reference.failed} failed), ${dm.reference.delivered} delivered, p50 ${dm.reference.p50Ms} ms, p99 ${dm.reference.p99Ms} ms; workerd ${dm.reference.cpuMsPerMessage.workerd} ms per message |`,
            '',
          ]
        : []),
      ...(fanOut
        ? [
            '| notification fan-out (one `POST /api/events`, one fan-out call) | value |',
            '|---|---|',
            `| members of the space, each on their user room socket | ${fanOut.members} |`,
            `| user rooms reached / members (duplicates) | ${fanOut.reached} / ${fanOut.members} (${fanOut.duplicates}) |`,
            `| the API call answered (\`announced: ${fanOut.announced}\`) | ${fanOut.apiAnsweredMs} ms |`,
            `| first / half / last user room socket received it (from the call's start) | ${fanOut.firstMs} / ${fanOut.p50Ms} / ${fanOut.lastMs} ms (budget ${BUDGET_FANOUT_MS} ms: ${fanOutMet ? 'met' : 'not met'}) |`,
            `| workerd resident memory before the sockets / with them open / after holding them ${fanOut.heldSeconds} s | ${fanOut.workerdMiB.before} / ${fanOut.workerdMiB.idle} / ${fanOut.workerdMiB.afterHold} MiB |`,
            `| workerd open files before the call / at the peak of the fan-out (its limit) | ${fanOut.workerdOpenFiles.beforeCall} / ${fanOut.workerdOpenFiles.peak} (${fanOut.workerdOpenFiles.limit ?? 'unknown'}) |`,
            `| memory per idle socket (at most) | ${fanOut.idleKiBPerSocket} KiB (budget ${BUDGET_IDLE_KIB} KiB: ${idleMet ? 'met' : 'not met'}) |`,
            `| sockets that closed before the end (the fan-out, then held idle ${fanOut.heldSeconds} s; before the call: ${fanOut.closedBeforeCall}) | ${fanOut.droppedWhileHeld} of ${fanOut.members}${closeCodesNote(fanOut.closeCodes)} |`,
            '',
          ]
        : []),
      ...(idle
        ? [
            `| idle sockets in one room, held ${idle.heldSeconds} s | value |`,
            '|---|---|',
            `| sockets (one member's tickets, one public space's posts room) | ${idle.sockets} |`,
            `| workerd resident memory before / with them open / after the hold | ${idle.workerdMiB.before} / ${idle.workerdMiB.open} / ${idle.workerdMiB.afterHold} MiB |`,
            `| memory per idle socket | ${idle.kiBPerSocket === null ? "not measured: the stack's workerd exited while they opened (BENCH_LOG=1 prints why)" : `${idle.kiBPerSocket} KiB`} (budget ${BUDGET_IDLE_KIB} KiB, none closed: ${idleSocketsMet ? 'met' : 'not met'}) |`,
            `| workerd open files before / with them open / at the most (its limit) | ${idle.openFiles.before} / ${idle.openFiles.open} / ${idle.openFiles.peak} (${idle.openFiles.limit ?? 'unknown'}) |`,
            `| sockets that closed while held | ${idle.closed}${closeCodesNote(idle.closeCodes)} |`,
            '',
          ]
        : []),
      `Budgets: p99 under ${BUDGET_P99_MS} ms with 100% delivered; the last of ${MEMBERS} user rooms within ${BUDGET_FANOUT_MS} ms. Local run on Miniflare (ADR 25) on this machine's cores, shared with the clients.`,
    ].join('\n');
    console.log(`\n${summary}`);
    // A smaller idle run (BENCH_IDLE_SOCKETS) keeps its own file beside the budget's 10,000.
    const name =
      PART === 'both'
        ? 'messages'
        : PART === 'idle' && IDLE_SOCKETS !== 10_000
          ? `messages-idle-${IDLE_SOCKETS}`
          : `messages-${PART}`;
    await saveResults(name, summary, { dm, fanOut, idle });
  } finally {
    for (const socket of sockets) socket.close();
    await db.end();
  }
});
