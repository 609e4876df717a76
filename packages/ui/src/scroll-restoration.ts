// Back and forward bring the reader back to where they were (docs/product-decisions.md, "Navigation").
// The browser's own restoration runs before a single-page app has rendered the page it goes back to,
// so it lands short (or at the top); the shell turns it off (`history.scrollRestoration = 'manual'`)
// and starts this instead:
// - every history entry gets a key in its state; the window's scroll position is saved under the
//   current entry's key as the reader scrolls;
// - a new navigation to another path starts at the top (a change of query alone, such as a dialog's
//   `?profile=`, keeps the place);
// - back/forward (popstate) restores the saved position once the page is tall enough for it, trying
//   again each frame for a bounded time (the page renders as its code and data arrive), and gives up
//   early when the reader scrolls, taps or types themselves.
// Scroll areas of their own (a chat's message list) keep what they need under a name with
// `saveScrollArea`, and read it back on mount with `restoredScrollArea` (only after back/forward).
// Part of the UI kit because the UI kit is one shared instance for the shell and every micro-frontend.

const KEY_FIELD = '__scrollKey';
/**
 * How long a restore waits for the page to grow tall enough before settling for what it can: a
 * phone on mobile data can take several seconds to bring a list back (3 s fell short on a busy
 * machine too), and a reader who scrolls, taps or types meanwhile ends the wait at once.
 */
export const RESTORE_TIMEOUT_MS = 10_000;
/** Checks in a row at the restored position before a restore counts as done. */
const STEADY_FRAMES = 3;

type Saved = { window: number; areas: Map<string, unknown> };

type Environment = {
  window: Window;
  now: () => number;
  nextFrame: (callback: () => void) => void;
};

let counter = 0;
const newKey = () => `${Date.now().toString(36)}-${(counter++).toString(36)}`;

const keyOfState = (state: unknown): string | undefined =>
  state && typeof state === 'object' && KEY_FIELD in state
    ? String((state as Record<string, unknown>)[KEY_FIELD])
    : undefined;

const withKey = (state: unknown, key: string): unknown =>
  state && typeof state === 'object' ? { ...state, [KEY_FIELD]: key } : { [KEY_FIELD]: key };

export function createScrollRestoration(env: Environment) {
  const win = env.window;
  const saved = new Map<string, Saved>();
  let traversed = false;
  let restoring: { cancel: () => void } | null = null;

  const entry = (key: string): Saved => {
    let found = saved.get(key);
    if (!found) {
      found = { window: 0, areas: new Map() };
      saved.set(key, found);
    }
    return found;
  };
  const currentKey = (): string | undefined => keyOfState(win.history.state);

  function saveWindow() {
    const key = currentKey();
    if (key && !restoring) entry(key).window = win.scrollY;
  }

  function cancelRestore() {
    restoring?.cancel();
    restoring = null;
  }

  /** Scrolls the window to `target` as soon as the page is tall enough, within RESTORE_TIMEOUT_MS. */
  function restoreWindow(target: number) {
    cancelRestore();
    const deadline = env.now() + RESTORE_TIMEOUT_MS;
    let cancelled = false;
    const cancel = () => {
      cancelled = true;
      for (const type of ['wheel', 'touchstart', 'keydown'] as const) win.removeEventListener(type, byReader);
    };
    const byReader = () => {
      if (restoring?.cancel === cancel) restoring = null;
      cancel();
    };
    for (const type of ['wheel', 'touchstart', 'keydown'] as const)
      win.addEventListener(type, byReader, { passive: true });
    restoring = { cancel };
    let steady = 0;
    const attempt = () => {
      if (cancelled) return;
      const room = win.document.documentElement.scrollHeight - win.innerHeight;
      const timedOut = env.now() >= deadline;
      if (room >= target || timedOut) {
        if (Math.abs(win.scrollY - target) > 1) win.scrollTo(0, target);
        // Held for a few frames: a page still settling (a skeleton giving way to content) can
        // shorten again and clamp the position; only a steady one is done.
        steady = Math.abs(win.scrollY - target) <= 1 ? steady + 1 : 0;
        if (steady >= STEADY_FRAMES || timedOut) {
          byReader();
          saveWindow();
          return;
        }
      } else {
        steady = 0;
      }
      env.nextFrame(attempt);
    };
    // Not at once: at popstate the page still shows where the reader comes from; the router renders
    // the page gone back to first.
    env.nextFrame(attempt);
  }

  function onPopState() {
    traversed = true;
    let key = currentKey();
    if (!key) {
      // An entry made without our key (a hash link): give it one from now on.
      key = newKey();
      originalReplace.call(win.history, withKey(win.history.state, key), '');
    }
    restoreWindow(saved.get(key)?.window ?? 0);
  }

  // Taken when started, not when this module loads: the router patches them too (to hear pushState),
  // and ours must call through its patch.
  let originalPush = win.history.pushState;
  let originalReplace = win.history.replaceState;

  function start(): () => void {
    originalPush = win.history.pushState;
    originalReplace = win.history.replaceState;
    if ('scrollRestoration' in win.history) win.history.scrollRestoration = 'manual';
    if (!currentKey()) originalReplace.call(win.history, withKey(win.history.state, newKey()), '');
    saveWindow();

    win.history.pushState = function pushState(state: unknown, unused: string, url?: string | URL | null) {
      saveWindow();
      const from = win.location.pathname;
      const previous = currentKey();
      const key = newKey();
      cancelRestore();
      traversed = false;
      originalPush.call(this, withKey(state, key), unused, url);
      if (win.location.pathname !== from) {
        win.scrollTo(0, 0);
        entry(key).window = 0;
      } else {
        // Same page, another query (a dialog, a tab): the new entry starts where this one is.
        entry(key).window = previous ? (saved.get(previous)?.window ?? win.scrollY) : win.scrollY;
      }
    };
    win.history.replaceState = function replaceState(
      state: unknown,
      unused: string,
      url?: string | URL | null,
    ) {
      // Replacing an entry keeps its key, so its saved places stay with it.
      originalReplace.call(this, withKey(state, currentKey() ?? newKey()), unused, url);
    };
    win.addEventListener('scroll', saveWindow, { passive: true });
    // Capture: before the router's own popstate listener renders the page it goes back to, so what
    // mounts then already reads the right entry.
    win.addEventListener('popstate', onPopState, { capture: true });

    return () => {
      cancelRestore();
      win.history.pushState = originalPush;
      win.history.replaceState = originalReplace;
      win.removeEventListener('scroll', saveWindow);
      win.removeEventListener('popstate', onPopState, { capture: true });
    };
  }

  /** Keeps what a scroll area needs to find its place again, under the current history entry. */
  function saveScrollArea(name: string, value: unknown) {
    const key = currentKey();
    if (key) entry(key).areas.set(name, value);
  }

  /** What `name` saved in this history entry, when the member came back to it by back/forward. */
  function restoredScrollArea<T>(name: string): T | undefined {
    const key = currentKey();
    if (!traversed || !key) return undefined;
    return saved.get(key)?.areas.get(name) as T | undefined;
  }

  return { start, saveScrollArea, restoredScrollArea };
}

const browser =
  typeof window === 'undefined'
    ? null
    : createScrollRestoration({
        window,
        now: () => performance.now(),
        nextFrame: (callback) => {
          // rAF does not run in a hidden tab; a timer keeps the bounded retry moving there too.
          window.setTimeout(callback, 50);
        },
      });

let stopBrowser: (() => void) | null = null;

/** Starts scroll restoration for the page (the shell, once); returns the stop. */
export function startScrollRestoration(): () => void {
  if (!browser) return () => {};
  stopBrowser ??= browser.start();
  return () => {
    stopBrowser?.();
    stopBrowser = null;
  };
}

export const saveScrollArea = (name: string, value: unknown): void => browser?.saveScrollArea(name, value);

export const restoredScrollArea = <T>(name: string): T | undefined => browser?.restoredScrollArea<T>(name);
