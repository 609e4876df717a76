// Draws the demo events' banners (packages/db/demo-banners/*.webp) in Chromium: each is a canvas
// drawing of scripts/demo-banners/draw.js, saved as WebP. Made for the project, nothing fetched.
// Run after changing a drawing, and commit the files:
//   npx tsx scripts/demo-banners/generate.ts
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_BANNERS_FOLDER } from '@community/db';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, findChromium } from '../lib/find-chromium.ts';
import { ROOT } from '../lib/stack.ts';

/** Banner file → the drawing in draw.js and the seed of its random sequence. */
const BANNERS: Record<string, { drawing: string; seed: number }> = {
  'kickoff-network.webp': { drawing: 'network', seed: 7 },
  'design-modules.webp': { drawing: 'modules', seed: 11 },
  'founders-sunrise.webp': { drawing: 'sunrise', seed: 1 },
  'realtime-signals.webp': { drawing: 'signals', seed: 1 },
  'open-source-branches.webp': { drawing: 'branches', seed: 5 },
  'accessible-forms.webp': { drawing: 'fields', seed: 1 },
  'rooftop-skyline.webp': { drawing: 'skyline', seed: 3 },
};
/** Small files that still look clean on a 2x screen. */
const WEBP_QUALITY = 0.8;

const here = path.dirname(fileURLToPath(import.meta.url));
const browser = await chromium.launch({
  executablePath: (await findChromium(ROOT)).path,
  args: CHROMIUM_FLAGS,
});
try {
  const page = await browser.newPage();
  await page.addScriptTag({ content: await readFile(path.join(here, 'draw.js'), 'utf8') });
  for (const [file, { drawing, seed }] of Object.entries(BANNERS)) {
    const dataUrl = await page.evaluate(
      ([name, seed, quality]) =>
        (window as unknown as { drawBanner(n: string, s: number, t: string, q: number): string }).drawBanner(
          name,
          seed,
          'image/webp',
          quality,
        ),
      [drawing, seed, WEBP_QUALITY] as const,
    );
    const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    await writeFile(path.join(DEMO_BANNERS_FOLDER, file), bytes);
    console.log(`${file}: ${(bytes.length / 1024).toFixed(0)} KB`);
  }
} finally {
  await browser.close();
}
