// Panda generates this app's CSS from panda.config.ts into the @layer rules of src/index.css, then
// the whole stylesheet goes into the shell's lowest layer (see packages/ui/app-config/postcss-mfe-layer.js).
import pandacss from '@pandacss/dev/postcss';
import mfeLayer from '../packages/ui/app-config/postcss-mfe-layer.js';

export default { plugins: [pandacss(), mfeLayer()] };
