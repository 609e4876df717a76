// @vitest-environment node
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { providedSharedVersions, sharedRequirements } from './shared-versions.ts';

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const writeJson = async (file: string, value: unknown) => {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(value));
};

describe('shared versions', () => {
  it("records an app's version and its shared ranges, a workspace range as ^ the installed version", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'shared-versions-'));
    const app = path.join(dir, 'mfe-x');
    await writeJson(path.join(app, 'package.json'), {
      version: '1.4.0',
      dependencies: { react: '^19.3.1', '@community/ui': '*', 'left-pad': '^1.0.0' },
      peerDependencies: { wouter: '^3.0.0' },
    });
    // Installed in the repository's node_modules, above the app (npm workspaces hoist).
    await writeJson(path.join(dir, 'node_modules/@community/ui/package.json'), { version: '2.1.0' });
    await writeJson(path.join(dir, 'node_modules/react/package.json'), { version: '19.3.1' });

    expect(sharedRequirements(app)).toEqual({
      version: '1.4.0',
      shared: { react: '^19.3.1', '@community/ui': '^2.1.0', wouter: '^3.0.0' },
    });
    expect(providedSharedVersions(app)).toEqual({ react: '19.3.1', '@community/ui': '2.1.0' });
  });

  it("reads the real micro-frontends' requirements and the shell's versions", () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const events = sharedRequirements(path.join(root, 'mfe-events'));
    expect(events.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(events.shared.react).toMatch(/^\^19\./);
    expect(events.shared['@community/ui']).toMatch(/^\^\d+\.\d+\.\d+$/);
    const shell = providedSharedVersions(path.join(root, 'shell'));
    expect(Object.keys(shell).sort()).toEqual(
      ['@community/api-client', '@community/ui', 'react', 'react-dom', 'valtio', 'wouter', 'zod'].sort(),
    );
  });
});
