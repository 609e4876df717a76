// Runs the two Workers' `wrangler dev` sessions as one unit for the local stack (scripts/lib/stack.ts):
// realtime in its own workerd process, as it is its own Worker in production, so a flood of socket
// frames into a room never takes the API's thread (issue 27, bench/flood.ts). The sessions find
// each other's service bindings through wrangler's dev registry (WRANGLER_REGISTRY_PATH).
// This process leads the pair's process group, which the stack's supervisor watches, stops and
// restarts as one. Plain JavaScript: any Node runs it.
import { spawn } from 'node:child_process';

/** argv[2]: the wrangler binary; argv[3]: JSON array of argument lists, one per session. */
const [wrangler, sessionsJson] = process.argv.slice(2);
const sessions = JSON.parse(sessionsJson).map((args) =>
  spawn(wrangler, args, { stdio: ['ignore', 'inherit', 'inherit'] }),
);
const running = (session) => session.exitCode === null && session.signalCode === null;

let stopping = false;
// Asked to stop: every session stops its workerd in its own time, then this process exits.
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    stopping = true;
    for (const session of sessions) if (running(session)) session.kill(signal);
  });
}

for (const session of sessions) {
  session.once('exit', (code) => {
    if (stopping) {
      if (!sessions.some(running)) process.exit(0);
      return;
    }
    // A session crashed: the pair is down at once, workerd processes included (a wrangler killed
    // hard leaves its workerd serving), so nothing answers until the supervisor restarts both.
    console.error(`[worker-pair] a wrangler session exited (code ${code}): stopping the pair`);
    process.kill(-process.pid, 'SIGKILL');
  });
}
