// Weight of the front end (issue 13): cold loads in Chromium with the cache disabled of the sign-in
// page, /events, a space page and the admin panel (an admin, signed in), next to a bare Vite + React
// page built in the same run and loaded the same way. Per page: gzip bytes of JavaScript and CSS
// (each response body gzipped here, level 9, so the figure does not depend on the server), requests,
// the time to the page's first meaningful content (its heading), the federation glue (runtime,
// remote entries, share shims) and any file fetched twice under two URLs. Then Lighthouse: the
// desktop preset on the sign-in page, /events and a space page (performance and accessibility), and
// the mobile preset (a mid-range phone on slow 4G, simulated) on those, Home and a profile deep link,
// with the bare reference page beside them (issue 31: performance ≥ 90, LCP ≤ 2.5 s, TBT ≤ 200 ms,
// CLS ≤ 0.1).
// Budgets: sign-in ≤ 120 KB gz JS; /events and a space page ≤ 210 KB each (issue 33: 200 before the
// official federation runtime joined the signed-in pages); glue ≤ 30 KB gz in total, once however many
// remotes load; no chunk twice; maplibre, Lexical and the admin panel only when opened.
// `BENCH_SKIP_BUILD=1` measures the build already there.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../scripts/lib/find-chromium.ts';
import { ROOT } from '../scripts/lib/stack.ts';
import { saveResults, withBenchStack } from './lib.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ADMIN = { email: 'admin@example.com', password: 'community-demo' };
const KB = 1024;
const BUDGET = { signInJs: 120 * KB, pageJs: 210 * KB, glue: 30 * KB, performance: 90, accessibility: 95 };
const MOBILE_BUDGET = { performance: 90, lcpMs: 2500, tbtMs: 200, cls: 0.1 };
const MOBILE_RUNS = Number(process.env.BENCH_MOBILE_RUNS ?? 3);
/** Code that must not be fetched before its screen is opened (file names of the built chunks). */
const ONLY_WHEN_OPENED = { maplibre: /maplibre|map-canvas/i, lexical: /lexical/i, admin: /\/mfe\/admin\// };

type Resource = { url: string; type: string; rawBytes: number; gzipBytes: number; sha: string };
type PageFigures = {
  name: string;
  jsGzip: number;
  cssGzip: number;
  requests: number;
  scripts: number;
  contentMs: number;
  glueGzip: number;
  glueFiles: string[];
  /** The same body under two URLs (a chunk downloaded twice). */
  duplicates: string[][];
  /** ONLY_WHEN_OPENED keys whose code this load fetched. */
  loadedEarly: string[];
  resources: Resource[];
};

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

/**
 * Federation glue: every remoteEntry.js (a container: init/get), the shell's `federation-host` chunk
 * (the official @module-federation/runtime with the shell's map of shared modules, ADR 0028), and (in
 * builds of @module-federation/vite, measured before ADR 0017) its runtime, host init and share shims
 * (`loadShare`/`prebuild` modules that hand a shared dependency over). A shim chunk that also carries
 * the library it shares (the host's fallback copy) is the library's weight, not glue: those are told
 * apart by size. The shell's `shared-zod` chunk (the zod builders handed over by name) is glue when it
 * is a chunk of its own; the UI kit's and zod's code they load is counted as JavaScript like any library.
 */
function isGlue(url: string, body: string): boolean {
  const file = new URL(url).pathname.split('/').pop() ?? '';
  if (
    /remoteEntry|hostInit|mf-entry-bootstrap|localSharedImportMap|pendingShares|federation-(runtime|host)/.test(
      file,
    )
  )
    return true;
  if (/^utils-.*\.js$/.test(file) && body.includes('__FEDERATION__')) return true;
  if (/^part~shared-(modules|zod)-[\w-]+\.js$/.test(file)) return body.length < 8 * KB;
  if (/loadShare|prebuild/.test(file)) return body.length < 8 * KB; // a shim; larger ones bundle the library
  return body.includes('__FEDERATION__') && body.includes('registerRemotes');
}

async function measure(
  browser: Browser,
  name: string,
  url: string,
  options: {
    storageState?: Awaited<ReturnType<BrowserContext['storageState']>>;
    ready: (page: Page) => Promise<void>;
  },
): Promise<PageFigures> {
  const context = await browser.newContext(
    options.storageState ? { storageState: options.storageState } : {},
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const pending: Promise<Resource | null>[] = [];
  let requests = 0;
  page.on('request', () => {
    requests += 1;
  });
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') {
      pending.push(Promise.resolve(null));
      return;
    }
    pending.push(
      response
        .body()
        .then((body) => ({
          url: response.url(),
          type,
          rawBytes: body.length,
          gzipBytes: gzipSync(body, { level: 9 }).length,
          sha: createHash('sha256').update(body).digest('hex'),
          text: body.toString('utf8'),
        }))
        .then(({ text, ...resource }) => ({ ...resource, glue: isGlue(resource.url, text) }))
        .catch(() => null),
    );
  });
  const start = performance.now();
  await page.goto(url);
  await options.ready(page);
  const contentMs = Math.round(performance.now() - start);
  await page.waitForLoadState('networkidle');
  const resources = (await Promise.all(pending)).filter((r): r is Resource & { glue: boolean } => r !== null);
  await context.close();

  const sum = (list: Resource[]) => list.reduce((total, r) => total + r.gzipBytes, 0);
  const js = resources.filter((r) => r.type === 'script');
  const glue = js.filter((r) => (r as Resource & { glue: boolean }).glue);
  const bySha = new Map<string, string[]>();
  for (const r of resources) bySha.set(r.sha, [...(bySha.get(r.sha) ?? []), r.url]);
  const duplicates = [...bySha.values()].filter((urls) => new Set(urls).size > 1);
  return {
    name,
    jsGzip: sum(js),
    cssGzip: sum(resources.filter((r) => r.type === 'stylesheet')),
    requests,
    scripts: js.length,
    contentMs,
    glueGzip: sum(glue),
    glueFiles: glue.map((r) => new URL(r.url).pathname),
    duplicates: duplicates.map((urls) => urls.map((u) => new URL(u).pathname)),
    loadedEarly: Object.entries(ONLY_WHEN_OPENED)
      .filter(([key, pattern]) => key !== name && js.some((r) => pattern.test(r.url)))
      .map(([key]) => key),
    resources: resources.map(({ url, type, rawBytes, gzipBytes, sha }) => ({
      url: new URL(url).pathname,
      type,
      rawBytes,
      gzipBytes,
      sha,
    })),
  };
}

/** Serves the reference build on 127.0.0.1 (any path without a file is its index.html). */
async function serveReference(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
  };
  const server = http.createServer(async (request, response) => {
    const wanted = path.join(dir, path.normalize(new URL(request.url ?? '/', 'http://x').pathname));
    const file =
      wanted.startsWith(dir) && existsSync(wanted) && (await stat(wanted)).isFile()
        ? wanted
        : path.join(dir, 'index.html');
    response.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

type Scores = {
  name: string;
  performance: number;
  accessibility: number;
  audits: string[];
  /** Milliseconds, except CLS (unitless). */
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; si: number };
};

/** Lighthouse in a fresh Chromium: `desktop` is its desktop preset, `mobile` its default (phone, slow 4G). */
async function runLighthouse(
  name: string,
  url: string,
  cookie: string | null,
  preset: 'desktop' | 'mobile' = 'desktop',
): Promise<Scores> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    const score = (key: string) => Math.round((lhr.categories[key]?.score ?? 0) * 100);
    // What cost points: failed accessibility audits and the performance metrics below full marks.
    const audits = Object.values(lhr.audits)
      .filter(
        (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
      )
      .filter((audit) =>
        [...lhr.categories.accessibility!.auditRefs, ...lhr.categories.performance!.auditRefs].some(
          (ref) => ref.id === audit.id && ref.weight > 0,
        ),
      )
      .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const metrics = {
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      si: value('speed-index'),
    };
    if (process.env.BENCH_VERBOSE) {
      const opportunities = Object.values(lhr.audits)
        .filter((audit) => audit.details?.type === 'opportunity' && (audit.numericValue ?? 0) > 0)
        .map((audit) => `${audit.id} ${Math.round(audit.numericValue ?? 0)} ms`);
      type Row = Record<string, unknown>;
      const rows = (id: string) =>
        ((lhr.audits[id]?.details as { items?: Row[] } | undefined)?.items ?? []) as Row[];
      const ms = (value: unknown) => `${Math.round(Number(value))} ms`;
      const breakdown = rows('mainthread-work-breakdown').map(
        (row) => `${row.groupLabel} ${ms(row.duration)}`,
      );
      const bootup = rows('bootup-time')
        .slice(0, 6)
        .map((row) => `${String(row.url).replace(/^https?:\/\/[^/]+/, '')} ${ms(row.scripting)}`);
      const lcpElement = rows('largest-contentful-paint-element')
        .flatMap((row) => ((row as { items?: Row[] }).items ?? []) as Row[])
        .map((row) => (row.node as { snippet?: string } | undefined)?.snippet)
        .find(Boolean);
      console.log(
        `${preset} ${name}: ${opportunities.join(', ')}\n  main thread: ${breakdown.join(', ')}\n  scripting: ${bootup.join(', ')}\n  LCP element: ${lcpElement ?? '?'}`,
      );
    }
    return {
      name,
      performance: score('performance'),
      accessibility: score('accessibility'),
      audits,
      metrics,
    };
  } finally {
    chrome.kill();
  }
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)}`;
const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');

if (!process.env.BENCH_SKIP_BUILD) {
  console.log('Building the front end and the reference page…');
  run('npx', ['turbo', 'run', 'build', '--output-logs=errors-only']);
}
run('npx', ['vite', 'build', '--config', 'bench/reference-web/vite.config.ts', 'bench/reference-web']);

await withBenchStack(
  async (stack) => {
    const reference = await serveReference(path.join(ROOT, '.build/reference-web'));
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
    const pages: PageFigures[] = [];
    let cookie = '';
    let spaceUrl = '';
    let profileUrl = '';
    try {
      // Sign in once through the API; every measured load starts from a fresh context with its cookies.
      const signIn = await browser.newContext({ baseURL: stack.url });
      const answer = await signIn.request.post('/api/auth/login', { data: ADMIN });
      if (!answer.ok()) throw new Error(`Sign-in failed: ${answer.status()}`);
      const spaces = (await (await signIn.request.get('/api/spaces')).json()) as {
        items: { id: string; name: string }[];
      };
      const space = spaces.items[0];
      if (!space) throw new Error('The seeded admin sees no space');
      spaceUrl = `${stack.url}/spaces/${space.id}`;
      const me = (await (await signIn.request.get('/api/auth/me')).json()) as { user: { id: string } };
      // Someone else's profile opened from a shared link, over Home.
      const members = (await (await signIn.request.get('/api/community/users?limit=5')).json()) as {
        items: { id: string }[];
      };
      const other = members.items.find((member) => member.id !== me.user.id);
      if (!other) throw new Error('The seeded community has no second member');
      profileUrl = `${stack.url}/?profile=${other.id}`;
      const storageState = await signIn.storageState();
      cookie = storageState.cookies
        .filter((c) => c.path === '/')
        .map((c) => `${c.name}=${c.value}`)
        .join('; ');
      await signIn.close();

      const heading =
        (name: string | RegExp, level = 1) =>
        (page: Page) =>
          page.getByRole('heading', { level, name }).first().waitFor({ timeout: 30_000 });
      pages.push(await measure(browser, 'reference', `${reference.url}/`, { ready: heading('Reference') }));
      pages.push(await measure(browser, 'sign-in', `${stack.url}/auth/login`, { ready: heading('Sign in') }));
      pages.push(
        await measure(browser, 'events', `${stack.url}/events`, { storageState, ready: heading('Events') }),
      );
      pages.push(await measure(browser, 'space', spaceUrl, { storageState, ready: heading(space.name) }));
      pages.push(
        await measure(browser, 'admin', `${stack.url}/events`, {
          storageState,
          ready: async (page) => {
            await heading('Events')(page);
            await page.getByRole('button', { name: /^Open the profile of / }).click();
            await page
              .getByRole('dialog', { name: 'Profile' })
              .getByRole('button', { name: 'Admin Panel' })
              .click();
            await page.getByRole('heading', { name: 'Community Info' }).first().waitFor({ timeout: 30_000 });
          },
        }),
      );
    } finally {
      await browser.close();
    }

    console.log('Lighthouse (desktop)…');
    const scores: Scores[] = [];
    scores.push(await runLighthouse('sign-in', `${stack.url}/auth/login`, null));
    scores.push(await runLighthouse('events', `${stack.url}/events`, cookie));
    scores.push(await runLighthouse('space', spaceUrl, cookie));

    console.log('Lighthouse (mobile)…');
    // The median of MOBILE_RUNS runs by performance score (Lighthouse's own advice for noisy machines):
    // its timings scale this machine's main-thread work by the phone's 4x slowdown.
    const medianMobile = async (name: string, url: string, withCookie: string | null) => {
      const runs: Scores[] = [];
      for (let run = 0; run < MOBILE_RUNS; run += 1)
        runs.push(await runLighthouse(name, url, withCookie, 'mobile'));
      runs.sort((a, b) => a.performance - b.performance);
      return runs[Math.floor(runs.length / 2)]!;
    };
    const mobile: Scores[] = [];
    mobile.push(await medianMobile('reference (bare Vite + React)', `${reference.url}/`, null));
    mobile.push(await medianMobile('sign-in', `${stack.url}/auth/login`, null));
    mobile.push(await medianMobile('events', `${stack.url}/events`, cookie));
    mobile.push(await medianMobile('space', spaceUrl, cookie));
    mobile.push(await medianMobile('home', `${stack.url}/`, cookie));
    mobile.push(await medianMobile('profile link', profileUrl, cookie));
    await reference.close();
    const mobileMet = (s: Scores) =>
      s.performance >= MOBILE_BUDGET.performance &&
      s.metrics.lcp <= MOBILE_BUDGET.lcpMs &&
      s.metrics.tbt <= MOBILE_BUDGET.tbtMs &&
      s.metrics.cls <= MOBILE_BUDGET.cls;
    const seconds = (ms: number) => (ms / 1000).toFixed(1);

    const byName = (name: string) => pages.find((p) => p.name === name)!;
    const glueTotal = new Set(pages.filter((p) => p.name !== 'reference').flatMap((p) => p.glueFiles)).size;
    const maxGlue = Math.max(...pages.filter((p) => p.name !== 'reference').map((p) => p.glueGzip));
    const duplicates = pages.flatMap((p) => p.duplicates.map((urls) => `${p.name}: ${urls.join(' = ')}`));
    const early = pages.flatMap((p) => p.loadedEarly.map((key) => `${key} on ${p.name}`));
    const lines = [
      '| page | JS KB gz | CSS KB gz | requests | scripts | first content ms | federation glue KB gz (files) | chunks twice |',
      '|---|---|---|---|---|---|---|---|',
      ...pages.map(
        (p) =>
          `| ${p.name === 'reference' ? 'reference (bare Vite + React)' : p.name} | ${kb(p.jsGzip)} | ${kb(p.cssGzip)} | ${p.requests} | ${p.scripts} | ${p.contentMs} | ${kb(p.glueGzip)} (${p.glueFiles.length}) | ${p.duplicates.length} |`,
      ),
      '',
      'The admin row is a cold load of /events followed by opening the Admin Panel from the profile.',
      '',
      '| Lighthouse (desktop) | performance | accessibility | audits below 0.9 |',
      '|---|---|---|---|',
      ...scores.map(
        (s) => `| ${s.name} | ${s.performance} | ${s.accessibility} | ${s.audits.join(', ') || '-'} |`,
      ),
      '',
      `| Lighthouse (mobile: phone, slow 4G; median of ${MOBILE_RUNS}) | performance | FCP s | LCP s | TBT ms | CLS | speed index s | budget (≥ 90, LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.1) |`,
      '|---|---|---|---|---|---|---|---|',
      ...mobile.map(
        (s) =>
          `| ${s.name} | ${s.performance} | ${seconds(s.metrics.fcp)} | ${seconds(s.metrics.lcp)} | ${Math.round(s.metrics.tbt)} | ${s.metrics.cls.toFixed(3)} | ${seconds(s.metrics.si)} | ${s.name.startsWith('reference') ? '(reference)' : verdict(mobileMet(s))} |`,
      ),
      '',
      '| budget | figure | |',
      '|---|---|---|',
      `| sign-in JS ≤ 120 KB gz | ${kb(byName('sign-in').jsGzip)} | ${verdict(byName('sign-in').jsGzip <= BUDGET.signInJs)} |`,
      `| /events JS ≤ 210 KB gz | ${kb(byName('events').jsGzip)} | ${verdict(byName('events').jsGzip <= BUDGET.pageJs)} |`,
      `| space page JS ≤ 210 KB gz | ${kb(byName('space').jsGzip)} | ${verdict(byName('space').jsGzip <= BUDGET.pageJs)} |`,
      `| federation glue ≤ 30 KB gz (largest page) | ${kb(maxGlue)} (${glueTotal} distinct files over all pages) | ${verdict(maxGlue <= BUDGET.glue)} |`,
      `| no chunk downloaded twice | ${duplicates.length === 0 ? 'none' : duplicates.join('; ')} | ${verdict(duplicates.length === 0)} |`,
      `| maplibre, Lexical, admin panel only when opened | ${early.length === 0 ? 'yes' : early.join('; ')} | ${verdict(early.length === 0)} |`,
      ...scores.map(
        (s) =>
          `| ${s.name}: Lighthouse performance ≥ 90, accessibility ≥ 95 | ${s.performance} / ${s.accessibility} | ${verdict(s.performance >= BUDGET.performance && s.accessibility >= BUDGET.accessibility)} |`,
      ),
    ];
    const summary = lines.join('\n');
    console.log(`\n${summary}`);
    if (process.env.BENCH_VERBOSE) {
      for (const p of pages) {
        console.log(`\n${p.name}:`);
        for (const r of [...p.resources].sort((a, b) => b.gzipBytes - a.gzipBytes))
          console.log(`  ${kb(r.gzipBytes).padStart(7)} KB gz  ${r.type.padEnd(10)} ${r.url}`);
      }
    }
    await saveResults('web', summary, { pages, scores, mobile });
  },
  { frontEnd: true },
);
