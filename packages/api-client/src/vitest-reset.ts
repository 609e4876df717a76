// The apps' test files share one page and one module graph (vitest `isolate: false`): after each file
// the client's state is put back as a fresh page has it (session, outbox, connectivity, kept answers).
import { afterAll } from 'vitest';
import { resetClientState } from './index.ts';

afterAll(resetClientState);
