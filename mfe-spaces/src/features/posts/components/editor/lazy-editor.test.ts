// Reading a wall must not download Lexical: no module the micro-frontend exposes may reach `lexical`
// or `@lexical/*` through static imports; the editor is reached only by lazy-editor's import().
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const src = resolve(here, '../../../..');

const STATIC_IMPORT =
  /^\s*(?:import|export)\s(?:type\s)?[^'"`]*?from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm;

function staticImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of code.matchAll(STATIC_IMPORT)) {
    // `import type` is erased from the bundle.
    if (/^\s*(?:import|export)\s+type\s/.test(match[0])) continue;
    found.push((match[1] ?? match[2])!);
  }
  return found;
}

/** Every module reachable by static imports from `entries`: project files and bare package names. */
function staticGraph(entries: string[]) {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith('.')) {
        const target = resolve(dirname(file), specifier);
        if (existsSync(target) && /\.(tsx?|m?js)$/.test(target)) queue.push(target);
      } else if (!packages.has(specifier)) packages.set(specifier, file);
    }
  }
  return { files, packages };
}

const exposes = readdirSync(join(src, 'exposes')).map((name) => join(src, 'exposes', name));
const isLexical = (name: string) => name === 'lexical' || name.startsWith('@lexical/');

describe('the editor is lazy', () => {
  it('no exposed module reaches Lexical through static imports', () => {
    const { files, packages } = staticGraph(exposes);
    const lexical = [...packages].filter(([name]) => isLexical(name));
    expect(lexical.map(([name, from]) => `${name} ← ${from.slice(src.length)}`)).toEqual([]);
    expect([...files].some((file) => file.endsWith('rich-text-editor.tsx'))).toBe(false);
    // The walk does see the posts components (chat draws its attachments with the posts' cards).
    expect([...files].some((file) => file.endsWith('attachment-card.tsx'))).toBe(true);
  });

  it('the editor entry points and the attachment cards import no Lexical themselves', () => {
    const { packages, files } = staticGraph([join(here, 'index.ts'), join(here, '../attachments/index.ts')]);
    expect([...packages.keys()].filter(isLexical)).toEqual([]);
    expect([...files].map((file) => file.slice(here.length))).not.toContain('/rich-text-editor.tsx');
  });

  it('lazy-editor reaches the Lexical module by a dynamic import, and that module does use Lexical', () => {
    expect(readFileSync(join(here, 'lazy-editor.tsx'), 'utf8')).toContain("import('./rich-text-editor.tsx')");
    const { packages } = staticGraph([join(here, 'rich-text-editor.tsx')]);
    expect([...packages.keys()].filter(isLexical)).toContain('@lexical/react/LexicalComposer');
  });
});
