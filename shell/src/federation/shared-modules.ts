// The shell's copies of the modules the micro-frontends share (packages/ui/app-config/federation.ts):
// registered in the federation runtime's share scope (federation-host.ts), from which each
// micro-frontend's container takes them. Imported lazily with the runtime, so a page without
// micro-frontends (sign-in) loads none of this;
// the UI kit is handed over by export on demand (loadUi), so a page loads only the parts in use.

import { uiLoaders } from 'virtual:community-ui-loaders';
import * as apiClient from '@community/api-client';
import type { LazySharedModule, SharedModule } from '@community/ui/app-config/federation';
import * as uiCss from '@community/ui/styled-system/css';
import * as uiRecipes from '@community/ui/styled-system/recipes';
import * as react from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as reactDom from 'react-dom';
import * as reactDomClient from 'react-dom/client';
import * as valtio from 'valtio';
import * as valtioVanilla from 'valtio/vanilla';
import * as wouter from 'wouter';
import * as browserLocation from 'wouter/use-browser-location';

/**
 * The UI kit, by export (LAZY_SHARED): loads the kit's modules holding the names a micro-frontend's
 * chunk imports, so a page downloads only the kit's parts in use. No names: the whole kit.
 */
const loadUi: LazySharedModule = async (names = Object.keys(uiLoaders)) => {
  const values = await Promise.all(
    names.map((name) => {
      const load = (uiLoaders as Record<string, (() => Promise<unknown>) | undefined>)[name];
      if (!load) throw new Error(`@community/ui has no export ${name}.`);
      return load();
    }),
  );
  return Object.fromEntries(names.map((name, i) => [name, values[i]]));
};

/** zod's builders (shared-zod.ts), loaded when a micro-frontend first validates. */
const loadZod: LazySharedModule = async () => ({ z: (await import('./shared-zod.ts')).z });

export const sharedModules: Record<SharedModule, object> = {
  react,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': reactDom,
  'react-dom/client': reactDomClient,
  wouter,
  'wouter/use-browser-location': browserLocation,
  valtio,
  'valtio/vanilla': valtioVanilla,
  '@community/ui': loadUi,
  '@community/ui/styled-system/css': uiCss,
  '@community/ui/styled-system/recipes': uiRecipes,
  '@community/api-client': apiClient,
  zod: loadZod,
};
