// The kit's own test setup: each file starts on a fresh page (./reset-page.ts).
import { afterAll } from 'vitest';
import { resetPage } from './reset-page.ts';

afterAll(resetPage);
