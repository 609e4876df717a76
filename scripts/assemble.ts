// `npm run assemble`: puts the built shell and micro-frontends into .build/public, the folder
// edge-api serves as static assets (`wrangler deploy` from edge-api/ uploads it).
import { assembleAssets } from './lib/assemble-assets.ts';
import { ROOT } from './lib/stack.ts';

console.log(`Assembled ${await assembleAssets(ROOT)}`);
