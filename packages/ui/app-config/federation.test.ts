// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readSharedFromShell } from './federation.ts';
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
