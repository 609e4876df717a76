import { describe, expect, it } from 'vitest';
import { createScrollRestoration, RESTORE_TIMEOUT_MS } from './scroll-restoration.ts';

/** A window with a real-enough history stack, a page height and a clock; frames run on `tick()`. */
function fakeWindow() {
  const listeners = new Map<string, Set<() => void>>();
  const stack: { state: unknown; url: string }[] = [{ state: null, url: '/' }];
  let index = 0;
  let frames: (() => void)[] = [];
  let time = 0;
  const win = {
    scrollY: 0,
    innerHeight: 800,
    document: { documentElement: { scrollHeight: 800 } },
    location: { pathname: '/' },
    history: {
      scrollRestoration: 'auto',
      get state() {
        return stack[index]?.state ?? null;
      },
      pushState(state: unknown, _unused: string, url: string) {
        stack.splice(index + 1, stack.length, { state, url });
        index += 1;
        win.location.pathname = url.split('?')[0] ?? url;
      },
      replaceState(state: unknown, _unused: string, url?: string) {
        const current = stack[index]!;
        stack[index] = { state, url: url ?? current.url };
      },
    },
    scrollTo(_x: number, y: number) {
      const max = Math.max(0, win.document.documentElement.scrollHeight - win.innerHeight);
      win.scrollY = Math.min(Math.max(0, y), max);
      emit('scroll');
    },
    addEventListener(type: string, listener: () => void) {
      if (!listeners.has(type)) listeners.set(type, new Set());
      listeners.get(type)!.add(listener);
    },
    removeEventListener(type: string, listener: () => void) {
      listeners.get(type)?.delete(listener);
    },
  };
  function emit(type: string) {
    for (const listener of [...(listeners.get(type) ?? [])]) listener();
  }
  /** Back or forward by `delta`, as the browser does: the entry changes, then popstate. */
  function go(delta: number) {
    index += delta;
    win.location.pathname = stack[index]!.url.split('?')[0]!;
    emit('popstate');
  }
  /** The reader scrolls to `y` (the page must be tall enough). */
  function scrollTo(y: number) {
    win.scrollTo(0, y);
  }
  /** Runs `count` frames, 50 ms apart. */
  function tick(count = 1) {
    for (let run = 0; run < count; run++) {
      time += 50;
      const due = frames;
      frames = [];
      for (const frame of due) frame();
    }
  }
  const restoration = createScrollRestoration({
    window: win as unknown as Window,
    now: () => time,
    nextFrame: (callback) => frames.push(callback),
  });
  return {
    win,
    go,
    scrollTo,
    tick,
    emit,
    restoration,
    /** The page's height changes (content rendered or removed); a shorter page clamps the scroll. */
    setHeight: (h: number) => {
      win.document.documentElement.scrollHeight = h;
      if (win.scrollY > Math.max(0, h - win.innerHeight)) win.scrollTo(0, win.scrollY);
    },
  };
}

describe('scroll restoration', () => {
  it('takes over from the browser and starts a new page at the top', () => {
    const page = fakeWindow();
    page.restoration.start();
    expect(page.win.history.scrollRestoration).toBe('manual');
    page.setHeight(5000);
    page.scrollTo(1200);
    page.win.history.pushState(null, '', '/events');
    expect(page.win.scrollY).toBe(0);
  });

  it('brings back the position of the page gone back to, once it has rendered tall enough', () => {
    const page = fakeWindow();
    page.restoration.start();
    page.setHeight(5000);
    page.scrollTo(1200);
    page.win.history.pushState(null, '', '/events');
    page.setHeight(3000);
    page.scrollTo(300);

    // Back to the wall: its content is not there yet (a short page), then it arrives.
    page.go(-1);
    page.setHeight(900);
    page.tick();
    expect(page.win.scrollY).toBeLessThan(1200);
    page.setHeight(5000);
    page.tick();
    expect(page.win.scrollY).toBe(1200);
    page.tick(5);

    // Forward again: the events page's own place.
    page.go(1);
    page.tick(5);
    expect(page.win.scrollY).toBe(300);
  });

  it('does not let the short page seen while rendering overwrite the saved place', () => {
    const page = fakeWindow();
    page.restoration.start();
    page.setHeight(5000);
    page.scrollTo(2000);
    page.win.history.pushState(null, '', '/events');
    page.go(-1);
    page.setHeight(900); // the old page's content goes, the one gone back to is still loading
    page.win.scrollTo(0, 50);
    page.tick();
    page.setHeight(5000);
    page.tick();
    expect(page.win.scrollY).toBe(2000);
    // A skeleton gives way to content and the page is short for a moment: still restored.
    page.setHeight(1000);
    page.setHeight(5000);
    page.tick(5);
    expect(page.win.scrollY).toBe(2000);
  });

  it('settles for what it can after a bounded wait, and stops when the reader scrolls themselves', () => {
    const page = fakeWindow();
    page.restoration.start();
    page.setHeight(5000);
    page.scrollTo(3000);
    page.win.history.pushState(null, '', '/members');
    page.go(-1);
    page.setHeight(1500);
    page.tick(RESTORE_TIMEOUT_MS / 50 + 1);
    expect(page.win.scrollY).toBe(700); // as far as the page goes

    page.go(1);
    page.go(-1);
    page.setHeight(1000);
    const before = page.win.scrollY;
    page.emit('wheel');
    page.setHeight(5000);
    page.tick(5);
    expect(page.win.scrollY).toBe(before);
  });

  it('keeps the place on a change of query alone (a dialog), and through replaceState', () => {
    const page = fakeWindow();
    page.restoration.start();
    page.setHeight(5000);
    page.scrollTo(1500);
    page.win.history.pushState(null, '', '/?profile=u1');
    expect(page.win.scrollY).toBe(1500);
    page.win.history.replaceState({ other: true }, '', '/?profile=u1&tab=about');
    page.go(-1);
    page.tick(5);
    expect(page.win.scrollY).toBe(1500);
  });

  it("gives a scroll area its saved value back only after back/forward, in that entry's own", () => {
    const page = fakeWindow();
    page.restoration.start();
    page.restoration.saveScrollArea('chat:s1', { seq: 40, offset: 12 });
    expect(page.restoration.restoredScrollArea('chat:s1')).toBeUndefined();
    page.win.history.pushState(null, '', '/events');
    expect(page.restoration.restoredScrollArea('chat:s1')).toBeUndefined();
    page.go(-1);
    expect(page.restoration.restoredScrollArea('chat:s1')).toEqual({ seq: 40, offset: 12 });
    page.go(1);
    expect(page.restoration.restoredScrollArea('chat:s1')).toBeUndefined();
  });

  it('stops and hands history back', () => {
    const page = fakeWindow();
    const push = page.win.history.pushState;
    const stop = page.restoration.start();
    expect(page.win.history.pushState).not.toBe(push);
    stop();
    expect(page.win.history.pushState).toBe(push);
  });
});
