// `npm run deploy:local -- events`: builds one micro-frontend and makes it the one the running
// platform (`npm start`, either topology) serves, without restarting anything; the next page load
// uses it. What a team's deploy does in production, on this machine: build with the remote's address
// as its base, put the files where that remote is served, keep the previous build.
//
//   npm run deploy:local -- events              build mfe-events and make it live
//   npm run deploy:local -- events --rollback   make the previous build live again (no build)
//   npm run deploy:local -- events --list       the builds kept, the live one last
//
// The shell is neither built nor touched, nor is mfe-events/dist: the build goes straight into a new
// release folder of the running stack (<DATA_DIR>/remotes/events/releases/<id>), which goes live in
// one step once complete (scripts/lib/remote-releases.ts). DATA_DIR picks the stack (default .data).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MICRO_FRONTENDS, type MicroFrontend } from './lib/assemble-assets.ts';
import { buildRemote } from './lib/build-remote.ts';
import { remoteBaseFor, remoteStore } from './lib/local-remotes.ts';
import { ROOT, type StackState } from './lib/stack.ts';

const args = process.argv.slice(2);
const name = args.find((arg) => !arg.startsWith('--'))?.replace(/^mfe-/, '');
if (!name || !(MICRO_FRONTENDS as readonly string[]).includes(name)) {
  console.error(
    `Usage: npm run deploy:local -- <${MICRO_FRONTENDS.join('|')}> [--rollback | --list]\n` +
      '(`npm start` must be running: it serves what this deploys.)',
  );
  process.exit(2);
}
const remote = name as MicroFrontend;

const dataDir = path.resolve(ROOT, process.env.DATA_DIR ?? '.data');
const stateFile = path.join(dataDir, 'stack.json');
const state = await readFile(stateFile, 'utf8')
  .then((text) => JSON.parse(text) as StackState)
  .catch(() => null);
if (!state?.remotes || !isRunning(state.pid)) {
  console.error(
    `No running platform found (${path.relative(ROOT, stateFile)}): start it with \`npm start\`.`,
  );
  process.exit(1);
}
const store = remoteStore(state.remotes.dir, remote);
const where =
  state.remotes.topology === 'separate'
    ? `its own origin ${state.remotes.origins[remote]}/`
    : `http://localhost:${state.port}/mfe/${remote}/`;

if (args.includes('--list')) {
  const ids = await store.history();
  for (const id of ids) console.log(`${id}${id === ids.at(-1) ? '  (live)' : ''}`);
  process.exit(0);
}

if (args.includes('--rollback')) {
  const previous = await store.rollback();
  if (!previous) {
    console.error(`mfe-${remote} has no earlier build to roll back to.`);
    process.exit(1);
  }
  console.log(`mfe-${remote}: build ${previous} is live again at ${where} (the next page load uses it).`);
  process.exit(0);
}

const startedAt = performance.now();
const base = remoteBaseFor(state.remotes, remote);
const release = await store.prepare();
console.log(`Building mfe-${remote} for ${base} …`);
await buildRemote(remote, { base, outDir: release.dir });
await store.goLive(release.id);
const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
console.log(
  `mfe-${remote}: build ${release.id} is live at ${where} in ${seconds} s; the next page load uses it.\n` +
    `Roll back with: npm run deploy:local -- ${remote} --rollback`,
);

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
