// A V8 CPU profile of one Worker in the local runtime, through workerd's DevTools inspector (the
// Chrome DevTools Protocol's Profiler domain), and its top functions by self time. workerd runs
// every isolate of a Worker on one thread here, so the profile is all of edge-api's JavaScript time.
import WebSocket from 'ws';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
};
export type CpuProfile = {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
};
export type FunctionTime = { name: string; where: string; selfMs: number; share: number };

/** A DevTools session with the Worker named `worker` (its name in wrangler.jsonc). */
export async function inspect(inspectorPort: number, worker: string) {
  // workerd lists one target per Worker it runs; their ids name the Worker (core:user:<name>).
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as {
    id: string;
    title?: string;
    webSocketDebuggerUrl: string;
  }[];
  const target =
    targets.find((each) => each.id.includes(worker) || each.title?.includes(worker)) ?? targets[0];
  if (!target) throw new Error(`No inspector target on port ${inspectorPort}`);
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let nextId = 1;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  });
  const send = <T>(method: string, params: Record<string, unknown> = {}) =>
    new Promise<T>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve as (result: unknown) => void);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return {
    target: target.id,
    async start(samplingMicros = 200) {
      await send('Profiler.enable');
      await send('Profiler.setSamplingInterval', { interval: samplingMicros });
      await send('Profiler.start');
    },
    async stop(): Promise<CpuProfile> {
      const { profile } = await send<{ profile: CpuProfile }>('Profiler.stop');
      return profile;
    },
    close: () => socket.close(),
  };
}

/** The time spent in each function itself (not its callees), longest first. Idle and GC are kept, as V8 names them. */
export function selfTimes(profile: CpuProfile): { total: number; functions: FunctionTime[] } {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, { name: string; where: string; micros: number }>();
  let total = 0;
  profile.samples.forEach((nodeId, index) => {
    const micros = profile.timeDeltas[index + 1] ?? 0; // a sample's time runs until the next one
    const frame = byNode.get(nodeId)?.callFrame;
    if (!frame) return;
    const name = frame.functionName || '(anonymous)';
    const file = frame.url.split('/').slice(-2).join('/');
    const where = file ? `${file}:${frame.lineNumber + 1}` : '';
    const key = `${name}@${where}`;
    const entry = self.get(key) ?? { name, where, micros: 0 };
    entry.micros += micros;
    self.set(key, entry);
    total += micros;
  });
  const functions = [...self.values()]
    .sort((a, b) => b.micros - a.micros)
    .map(({ name, where, micros }) => ({
      name,
      where,
      selfMs: Math.round(micros / 100) / 10,
      share: total > 0 ? Math.round((micros / total) * 1000) / 10 : 0,
    }));
  return { total: Math.round(total / 1000), functions };
}
