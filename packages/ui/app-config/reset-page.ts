// The test files of a project share one page and one module graph (vitest `isolate: false`: isolation
// per file cost most of the suite's time on 2 cores). After each file the page is put back as a fresh
// one has it: nothing rendered, real timers, no stubbed globals, empty storage, the start URL, Ark's
// focus tracking not listening.
import { cleanup } from '@testing-library/react';
import { vi } from 'vitest';

/** vitest's happy-dom environment starts every page here. */
const START_URL = 'http://localhost:3000/';

/** Called after each file by the setup files (a setup file runs again for every file; its imports do not). */
export function resetPage(): void {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  if (typeof window === 'undefined') return; // a file of its own in Node's environment
  localStorage.clear();
  sessionStorage.clear();
  // A test that follows a link (a download, a data: URL) leaves the page there; history cannot go back.
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(START_URL);
  // Ark's focus-visible tracking (@zag-js/focus-visible) listens on the page from its first component
  // on, in module state, and ignores a pointer move to the last place it saw; user-event points
  // everything at (0, 0). Left as it is, the next file's first menu would not highlight the item the
  // pointer moves onto (the click then selects nothing). A move from a place no test uses, then the
  // page's unload, put it back as on a fresh page: not listening, the next move a new one.
  document.dispatchEvent(new PointerEvent('pointermove', { clientX: -1, clientY: -1 }));
  window.dispatchEvent(new Event('beforeunload'));
}
