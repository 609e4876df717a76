// Unit tests of the apps render dialogs and menus and query them at once, as a page does once the
// kit's lazily loaded parts are there (packages/ui/src/components/dialog.tsx, menu.tsx). The waiting
// itself is tested in the kit (lazy-parts.test.tsx) and by every browser journey.
import { configure } from '@testing-library/react';
import { afterAll } from 'vitest';
import { dialogParts } from '../src/components/dialog.tsx';
import { menuParts } from '../src/components/menu.tsx';
import { resetPage } from './reset-page.ts';

await Promise.all([dialogParts.load(), menuParts.load()]);

// Each file starts on a fresh page (./reset-page.ts).
afterAll(resetPage);

// Under `npm test` these files share the 2 cores with the journeys and the API suite, where a screen
// that appears in 50 ms alone can take seconds: findBy and waitFor wait up to 15 s (the default 1 s,
// then 5 s, failed CI runs on a slower machine). A wrong screen still fails, only later. A test
// file asks for no shorter wait of its own.
configure({ asyncUtilTimeout: 15_000 });
