// Unit tests of the apps render dialogs and menus and query them at once, as a page does once the
// kit's lazily loaded parts are there (packages/ui/src/components/dialog.tsx, menu.tsx). The waiting
// itself is tested in the kit (lazy-parts.test.tsx) and by every browser journey.
import { dialogParts } from '../src/components/dialog.tsx';
import { menuParts } from '../src/components/menu.tsx';

await Promise.all([dialogParts.load(), menuParts.load()]);
