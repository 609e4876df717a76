// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { devEntry, REMOTE_UPDATE_EVENT, sharedShim } from './federation-dev.ts';

describe('the dev server remote', () => {
  it("re-exports the shell's copy of a shared module under its names", () => {
    const shim = sharedShim('react', ['useState', 'default', 'Children', 'not-an-identifier'], false);
    expect(shim).toContain('const m = globalThis.__communityShared__["react"];');
    expect(shim).toContain('export default m.default ?? m;');
    expect(shim).toContain('export const { useState, Children } = m;');
  });

  it('awaits a lazily shared module (the UI kit)', () => {
    expect(sharedShim('@community/ui', ['Button'], true)).toContain(
      'const m = await globalThis.__communityShared__["@community/ui"]();',
    );
  });

  it('serves the same exports as a built entry, and hands hot updates to the shell', () => {
    const entry = devEntry('mfe_events', { './EventsPage': './src/exposes/events-page.tsx' }, '/app', {
      version: '1.4.0',
      shared: { react: '^19.3.1' },
    });
    expect(entry).toContain('export const build = {"version":"1.4.0","shared":{"react":"^19.3.1"}};');
    expect(entry).toContain('"./EventsPage": () => import("/app/src/exposes/events-page.tsx"),');
    expect(entry).toContain('export async function init(');
    expect(entry).toContain('export async function get(');
    expect(entry).toContain('import.meta.hot.accept(');
    expect(entry).toContain(`new CustomEvent(${JSON.stringify(REMOTE_UPDATE_EVENT)}`);
    expect(entry).toContain('detail: { name: "mfe_events" }');
  });
});
