// Unit tests of the apps render dialogs and menus and query them at once, as a page does once the
// kit's lazily loaded parts are there (packages/ui/src/components/dialog.tsx, menu.tsx). The waiting
// itself is tested in the kit (lazy-parts.test.tsx) and by every browser journey.
import { afterAll } from 'vitest';
import { dialogParts } from '../src/components/dialog.tsx';
import { menuParts } from '../src/components/menu.tsx';
import { resetPage } from './reset-page.ts';

await Promise.all([dialogParts.load(), menuParts.load()]);

// Each file starts on a fresh page (./reset-page.ts).
afterAll(resetPage);
