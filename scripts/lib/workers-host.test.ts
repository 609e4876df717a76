// The Workers host's reload after an edit (`npm start`): a Worker of the test's own in a temporary
// folder, saved three times the way editors save (a new file renamed over the old one); after each
// save the Worker answers with the new text. Real wrangler bundling, real Miniflare and workerd.
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '@community/db';
import { expect, it, vi } from 'vitest';
import { startWorkers } from './workers-host.ts';

const workerAnswering = (text: string) =>
  `export default { fetch() { return new Response(${JSON.stringify(text)}); } };\n`;

it('bundles and reloads the Workers after each save of a source, not only the first', async () => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'workers-host-'));
  const sources = path.join(folder, 'src');
  await mkdir(sources);
  await writeFile(
    path.join(folder, 'wrangler.jsonc'),
    JSON.stringify({ name: 'reload-test', main: 'src/index.ts', compatibility_date: '2026-10-01' }),
  );
  const save = async (text: string) => {
    const draft = path.join(sources, 'index.ts.draft');
    await writeFile(draft, workerAnswering(text));
    await rename(draft, path.join(sources, 'index.ts'));
  };
  await save('one');
  const port = await findFreePort();
  const workers = await startWorkers({
    port,
    inspectorPort: await findFreePort(),
    persistTo: path.join(folder, 'state'),
    buildDir: path.join(folder, 'build'),
    configs: [path.join(folder, 'wrangler.jsonc')],
    watch: true,
    sources: [sources],
  });
  try {
    const answer = () => fetch(`http://127.0.0.1:${port}/`).then((response) => response.text());
    expect(await answer()).toBe('one');
    for (const text of ['two', 'three']) {
      await save(text);
      await vi.waitFor(async () => expect(await answer()).toBe(text), { timeout: 30_000, interval: 250 });
    }
  } finally {
    await workers.close();
    await rm(folder, { recursive: true, force: true });
  }
}, 90_000);
