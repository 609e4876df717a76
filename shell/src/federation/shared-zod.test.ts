// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from './shared-zod.ts';

const ROOT = join(import.meta.dirname, '../../..');
// Where the micro-frontends' zod calls come from: their own sources and the packages they bundle.
const SOURCES = [
  'packages/domain/src',
  'packages/realtime-protocol/src',
  'packages/ui/src',
  'packages/api-client/src',
].concat(
  readdirSync(ROOT)
    .filter((name) => name.startsWith('mfe-'))
    .map((name) => `${name}/src`),
);
// Names under `z.` that are types only (`z.infer<…>`, `z.core.$ZodIssue`, …): nothing to hand over.
const TYPES = new Set(['infer', 'input', 'output', 'core', 'ZodType', 'ZodError', 'ZodObject', 'ZodTypeAny']);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the zod handed to the micro-frontends', () => {
  it('has every z.<builder> their code calls', () => {
    const used = new Set<string>();
    for (const file of SOURCES.flatMap((folder) => sourceFiles(join(ROOT, folder)))) {
      for (const [, name] of readFileSync(file, 'utf8').matchAll(/\bz\.([A-Za-z$_]+)/g)) {
        if (!TYPES.has(name!)) used.add(name!);
      }
    }
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((name) => !(name in z))).toEqual([]);
  });

  it('builds working schemas', () => {
    const schema = z.object({ n: z.coerce.number().int(), at: z.iso.datetime() });
    expect(schema.safeParse({ n: '3', at: '2026-11-24T01:00:00Z' })).toEqual({
      success: true,
      data: { n: 3, at: '2026-11-24T01:00:00Z' },
    });
  });
});
