// The shell's copies of the modules the micro-frontends share (packages/ui/app-config/federation.ts):
// put where the micro-frontends' built code reads them before the first remoteEntry.js is imported.
// Imported lazily by remote-loader.ts, so a page without micro-frontends (sign-in) loads only the parts
// of the UI kit it uses, not the whole kit for the micro-frontends.
import * as apiClient from '@community/api-client';
import * as ui from '@community/ui';
import { SHARED_GLOBAL, type SharedModule } from '@community/ui/app-config/federation';
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

const sharedModules: Record<SharedModule, object> = {
  react,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': reactDom,
  'react-dom/client': reactDomClient,
  wouter,
  'wouter/use-browser-location': browserLocation,
  valtio,
  'valtio/vanilla': valtioVanilla,
  '@community/ui': ui,
  '@community/ui/styled-system/css': uiCss,
  '@community/ui/styled-system/recipes': uiRecipes,
  '@community/api-client': apiClient,
};

export function provideSharedModules(): void {
  (globalThis as Record<string, unknown>)[SHARED_GLOBAL] ??= sharedModules;
}
