// `npm run bench -- <name>`: runs bench/<name>.ts (events, …).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const name = process.argv[2];
const file = name ? path.join(path.dirname(fileURLToPath(import.meta.url)), `${name}.ts`) : '';
if (!name || !existsSync(file) || ['lib', 'run'].includes(name)) {
  console.error(
    'Usage: npm run bench -- <events | chat | messages | admin-import | posts | profile [path] | profile-panel | faults | web | link-preview | flood>',
  );
  process.exit(2);
}
await import(file);
process.exit(0);
