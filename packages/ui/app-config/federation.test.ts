// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { assetManifest, preloadLazyShared, readSharedFromShell } from './federation.ts';
import { uiExportModules } from './shared-ui-loaders.ts';

describe('readSharedFromShell', () => {
  it('reads an eagerly shared module from the shell', () => {
    expect(readSharedFromShell('import{useState as e}from"react";e();')).toBe(
      'const {useState:e}=globalThis.__communityShared__["react"];e();',
    );
  });

  it('awaits the UI kit exports a chunk imports, by name', () => {
    expect(readSharedFromShell('import{Button as a,Dialog as b}from"@community/ui";a(b);')).toBe(
      'const {Button:a,Dialog:b}=(await globalThis.__communityShared__["@community/ui"](["Button","Dialog"]));a(b);',
    );
  });

  it('asks for the whole kit for a namespace import', () => {
    expect(readSharedFromShell('import*as u from"@community/ui";u.Button;')).toBe(
      'const u=(await globalThis.__communityShared__["@community/ui"]());u.Button;',
    );
  });

  it('leaves other imports alone', () => {
    const code = 'import{a as b}from"./chunk-1.js";b();';
    expect(readSharedFromShell(code)).toBe(code);
  });
});

describe('uiExportModules', () => {
  it('maps each value export of the kit index to its module, types left out', () => {
    const index = [
      "export { Button, type ButtonProps } from './components/button.tsx';",
      "export {\n  CityPicker,\n  type CityPickerProps,\n  cityLabel,\n} from './components/city-picker.tsx';",
      "export * as icons from './icons.ts';",
    ].join('\n');
    expect(uiExportModules(index, '/kit/src/index.ts')).toEqual({
      Button: '/kit/src/components/button.tsx',
      CityPicker: '/kit/src/components/city-picker.tsx',
      cityLabel: '/kit/src/components/city-picker.tsx',
      icons: '/kit/src/icons.ts?namespace',
    });
  });

  it('knows every export of the real kit index', () => {
    const modules = uiExportModules();
    for (const name of ['Dialog', 'Menu', 'toast', 'modalStore', 'useSchemaForm', 'icons']) {
      expect(modules[name]).toBeDefined();
    }
    expect(modules.ButtonProps).toBeUndefined();
  });
});

describe('preloadLazyShared', () => {
  it("starts the kit exports an exposed chunk and its static imports await together with the chunk's import", () => {
    const files: Record<string, { code: string; imports: string[] }> = {
      'assets/page.js': {
        code: 'const{Button:a}=await globalThis.__communityShared__[`@community/ui`]([`Button`]);',
        imports: ['assets/shared.js'],
      },
      'assets/shared.js': {
        code: 'const{Dialog:b}=await globalThis.__communityShared__[`@community/ui`]([`Dialog`,`Button`]),{z:c}=await globalThis.__communityShared__.zod([`z`]);',
        imports: [],
      },
      'assets/plain.js': { code: 'export const x=1;', imports: [] },
    };
    const entry =
      'var t={"./Page":()=>e(()=>import(`./assets/page.js`),[]),"./Plain":()=>import(`./assets/plain.js`)};';
    expect(preloadLazyShared(entry, (name) => files[name])).toBe(
      'var t={"./Page":()=>e(()=>(globalThis.__communityShared__["@community/ui"](["Button","Dialog"]).catch(()=>{}),globalThis.__communityShared__["zod"](["z"]).catch(()=>{}),import(`./assets/page.js`)),[]),"./Plain":()=>import(`./assets/plain.js`)};',
    );
  });
});

describe('assetManifest', () => {
  it("lists each exposed module's chunk, what it imports statically (once, through shared ones) and their CSS", () => {
    const chunks: Record<string, { imports: string[]; css: string[] }> = {
      'assets/page-1.js': { imports: ['assets/shared-2.js', 'assets/list-3.js'], css: ['assets/page-1.css'] },
      'assets/list-3.js': { imports: ['assets/shared-2.js'], css: [] },
      'assets/shared-2.js': { imports: [], css: ['assets/shared-2.css'] },
      'assets/modals-4.js': { imports: ['assets/shared-2.js'], css: [] },
    };
    const manifest = assetManifest(
      'mfe_events',
      [
        ['./EventsPage', 'assets/page-1.js'],
        ['./Modals', 'assets/modals-4.js'],
      ],
      (file) => chunks[file],
    );
    expect(manifest.metaData.remoteEntry).toEqual({ name: 'remoteEntry.js', path: '', type: 'module' });
    expect(manifest.exposes).toEqual([
      {
        id: 'mfe_events:EventsPage',
        name: 'EventsPage',
        path: './EventsPage',
        assets: {
          js: { sync: ['assets/page-1.js', 'assets/shared-2.js', 'assets/list-3.js'], async: [] },
          css: { sync: ['assets/page-1.css', 'assets/shared-2.css'], async: [] },
        },
      },
      {
        id: 'mfe_events:Modals',
        name: 'Modals',
        path: './Modals',
        assets: {
          js: { sync: ['assets/modals-4.js', 'assets/shared-2.js'], async: [] },
          css: { sync: ['assets/shared-2.css'], async: [] },
        },
      },
    ]);
  });

  it('names the style sheets of a chunk of CSS only, not its script (the build drops that)', () => {
    const chunks: Record<string, { imports: string[]; css: string[]; cssOnly?: boolean }> = {
      'assets/page-1.js': { imports: ['assets/styles-2.js'], css: [] },
      'assets/styles-2.js': { imports: [], css: ['assets/styles-2.css'], cssOnly: true },
    };
    const [exposed] = assetManifest(
      'mfe_spaces',
      [['./SpacePage', 'assets/page-1.js']],
      (file) => chunks[file],
    ).exposes;
    expect(exposed?.assets.js.sync).toEqual(['assets/page-1.js']);
    expect(exposed?.assets.css.sync).toEqual(['assets/styles-2.css']);
  });
});
