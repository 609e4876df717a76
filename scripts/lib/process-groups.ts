// Stopping a process group for good, whether or not its leader is still alive: wrangler's own node
// process may be gone (crash, SIGKILL) while the workerd processes it started keep serving the port
// in the same group. Linux only (reads /proc), like the rest of the local stack's tooling.
import net from 'node:net';
import { listProcesses } from './postgres-processes.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Live (not zombie) processes in the group `groupId`. */
export function groupMembers(groupId: number): number[] {
  return listProcesses()
    .filter((p) => p.groupId === groupId && p.state !== 'Z')
    .map((p) => p.pid);
}

function signalGroup(groupId: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-groupId, signal);
  } catch {
    // nobody left in it
  }
}

async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await sleep(100);
  }
  return condition();
}

/**
 * SIGTERM to the whole group, SIGKILL to whatever is left after `graceMs`; resolves once no member
 * is left. Always signals the group (never only the leader, which may have exited already).
 */
export async function stopProcessGroup(groupId: number, graceMs = 5000): Promise<void> {
  if (groupMembers(groupId).length === 0) return;
  signalGroup(groupId, 'SIGTERM');
  if (await waitUntil(() => groupMembers(groupId).length === 0, graceMs)) return;
  await killProcessGroup(groupId);
}

/** SIGKILL to the whole group, then waits (up to 5 s) until none of it is left. */
export async function killProcessGroup(groupId: number): Promise<void> {
  signalGroup(groupId, 'SIGKILL');
  if (!(await waitUntil(() => groupMembers(groupId).length === 0, 5000))) {
    throw new Error(`processes ${groupMembers(groupId).join(', ')} of group ${groupId} did not exit`);
  }
}

/** True when nothing accepts connections on 127.0.0.1:`port`. */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

export async function waitForPortFree(port: number, timeoutMs = 5000): Promise<void> {
  if (!(await waitUntil(() => isPortFree(port), timeoutMs))) {
    throw new Error(`port ${port} is still in use`);
  }
}
