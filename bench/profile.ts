// `npm run bench -- profile <path>` (issue 31, "Know where time goes"): `GET <path>` (default
// `/api/events`) at 50 connections for BENCH_SECONDS (10) as a signed-in member, next to the bare
// Hono route (`/api/health`, no database) under the same load in the same run, while a V8 CPU
// profile of edge-api is recorded through wrangler's DevTools inspector. Prints both routes'
// figures, the Worker's CPU per request for each, and the top functions by self time; writes
// `bench/results/profile.md` and `.json`, and the whole profile to `.build/profile.cpuprofile`
// (open it in Chrome DevTools' Performance panel).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { findFreePort } from '@community/db';
import { ROOT } from '../scripts/lib/stack.ts';
import { type CpuProfile, inspect, selfTimes } from './cpu-profile.ts';
import { type LoadResult, load, saveResults, table, withBenchStack } from './lib.ts';

const target = process.argv[3] ?? '/api/events';
if (!target.startsWith('/')) throw new Error('Usage: npm run bench -- profile </api/path?query>');
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TOP = 25;
const EDGE_API = 'community-edge-api';
const BARE_ROUTE = '/api/health';

const inspectorPort = await findFreePort();
await withBenchStack(
  async (stack) => {
    const login = await fetch(`${stack.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'member@example.com', password: 'community-demo' }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const headers = { authorization: `Bearer ${accessToken}` };
    const session = await inspect(inspectorPort, EDGE_API);
    /** One load with the profiler running over its measured part. */
    const profiled = async (name: string, pathname: string) => {
      let profile: CpuProfile | null = null;
      const result = await load(stack, name, `${stack.url}${pathname}`, {
        connections: CONNECTIONS,
        seconds: SECONDS,
        headers,
        beforeMeasure: () => session.start(),
      });
      profile = await session.stop();
      return { result, profile, times: selfTimes(profile) };
    };
    const bare = await profiled('bare Hono route (reference)', BARE_ROUTE);
    const measured = await profiled(`GET ${target}`, target);
    session.close();

    const cpuPerRequest = (run: {
      result: LoadResult;
      times: { total: number; functions: { name: string; selfMs: number }[] };
    }) => {
      const busy = run.times.total - idleMs(run.times.functions);
      return run.result.requests > 0 ? Math.round((busy / run.result.requests) * 100) / 100 : 0;
    };
    const rows = [bare, measured].map(
      (run) =>
        `| ${run.result.name} | ${cpuPerRequest(run)} | ${run.times.total - idleMs(run.times.functions)} |`,
    );
    const top = measured.times.functions
      .filter((fn) => fn.name !== '(idle)')
      .slice(0, TOP)
      .map((fn) => `| ${fn.selfMs} | ${fn.share}% | \`${fn.name}\` | ${fn.where || '-'} |`);
    const markdown = [
      `## GET ${target}, ${CONNECTIONS} connections, ${SECONDS} s`,
      '',
      table([bare.result, measured.result]),
      '',
      '| case | edge-api CPU per request (ms) | edge-api CPU, whole run (ms) |',
      '|---|---|---|',
      ...rows,
      '',
      `Top ${TOP} functions of edge-api by self time while \`GET ${target}\` ran (idle left out; shares of the whole profile, idle included):`,
      '',
      '| self ms | share | function | where |',
      '|---|---|---|---|',
      ...top,
    ].join('\n');
    console.log(`\n${markdown}`);
    await mkdir(path.join(ROOT, '.build'), { recursive: true });
    await writeFile(path.join(ROOT, '.build/profile.cpuprofile'), JSON.stringify(measured.profile));
    await saveResults('profile', markdown, {
      target,
      connections: CONNECTIONS,
      seconds: SECONDS,
      results: [bare.result, measured.result],
      cpuPerRequestMs: { bare: cpuPerRequest(bare), measured: cpuPerRequest(measured) },
      top: measured.times.functions.slice(0, TOP),
    });
    console.log('The whole profile: .build/profile.cpuprofile (Chrome DevTools, Performance panel)');
  },
  { inspectorPort },
);

function idleMs(functions: { name: string; selfMs: number }[]): number {
  return Math.round(functions.filter((fn) => fn.name === '(idle)').reduce((sum, fn) => sum + fn.selfMs, 0));
}
