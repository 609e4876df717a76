// Unit tests of the apps render dialogs and menus and query them at once, as a page does once the
// kit's lazily loaded parts are there (packages/ui/src/components/dialog.tsx, menu.tsx). The waiting
// itself is tested in the kit (lazy-parts.test.tsx) and by every browser journey.
import { loadDialogParts } from '../src/components/dialog.tsx';
import { loadMenuParts } from '../src/components/menu.tsx';

await Promise.all([loadDialogParts(), loadMenuParts()]);
