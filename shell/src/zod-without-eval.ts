// The pages' Content-Security-Policy allows no 'unsafe-eval'. zod probes `new Function('')` once, on
// its first parse, to decide whether to compile its object parsers; the browser blocks the probe and
// reports a CSP violation (a console error on every page that validates). Told first, zod never
// probes. Imported, before any parse, by every module of the shell that validates with zod or hands
// zod to the micro-frontends; its own chunk is zod's, so it weighs nothing extra.
// (`config`, not `z.config`: the builds count `z.…` calls as pure and would drop it.)
import { config } from 'zod';

config({ jitless: true });
