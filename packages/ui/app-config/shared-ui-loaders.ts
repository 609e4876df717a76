// The shell's side of the lazily shared UI kit (LAZY_SHARED in ./federation.ts): a Vite plugin that
// gives the shell one loader per kit export. Kept apart from ./federation.ts, which the shell's browser
// code imports too, because this file reads the kit's index from disk at build time.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const UI_INDEX = fileURLToPath(new URL('../src/index.ts', import.meta.url));

/**
 * The UI kit's value exports and the module of each (`Dialog` → `…/src/components/dialog.tsx`), read
 * from its index's `export { … } from '…'` and `export * as n from '…'` lines (types are left out).
 */
export function uiExportModules(
  index = readFileSync(UI_INDEX, 'utf8'),
  indexFile = UI_INDEX,
): Record<string, string> {
  const modules: Record<string, string> = {};
  const file = (relative: string) => fileURLToPath(new URL(relative, `file://${indexFile}`));
  for (const [, names, from] of index.matchAll(/export\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    for (const part of names!.split(',')) {
      const binding = part.trim();
      if (!binding || binding.startsWith('type ')) continue;
      const exported = binding.split(/\s+as\s+/).pop()!;
      modules[exported] = file(from!);
    }
  }
  for (const [, name, from] of index.matchAll(/export\s*\*\s*as\s+([\w$]+)\s+from\s*'([^']+)'/g)) {
    modules[`${name!}`] = `${file(from!)}?namespace`;
  }
  return modules;
}

const UI_LOADERS_ID = 'virtual:community-ui-loaders';

/**
 * The shell's Vite plugin: `virtual:community-ui-loaders` exports `uiLoaders`, one loader per kit
 * export, each a dynamic import of the kit's own module (a chunk of its own unless the shell already
 * imports that module statically, in which case it is that same module instance).
 */
export function sharedUiLoaders(): Plugin {
  return {
    name: 'community-shared-ui-loaders',
    resolveId(id) {
      return id === UI_LOADERS_ID ? `\0${UI_LOADERS_ID}` : null;
    },
    load(id) {
      if (id !== `\0${UI_LOADERS_ID}`) return null;
      const lines = Object.entries(uiExportModules()).map(([name, module]) => {
        const namespace = module.endsWith('?namespace');
        const path = JSON.stringify(namespace ? module.slice(0, -'?namespace'.length) : module);
        return `  ${JSON.stringify(name)}: () => import(${path})${namespace ? '' : `.then((m) => m[${JSON.stringify(name)}])`},`;
      });
      return `export const uiLoaders = {\n${lines.join('\n')}\n};\n`;
    },
  };
}
