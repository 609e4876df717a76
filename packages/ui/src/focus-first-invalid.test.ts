import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { focusFirstInvalid } from './focus-first-invalid.ts';

// Fake timers (and clock): a busy machine can run a real 100 ms wait late enough to race the retry.
beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('focusFirstInvalid', () => {
  it('waits for the errors when the page commits them late (a busy machine), then focuses the first', () => {
    document.body.innerHTML = '<form><input id="email"><input id="password"></form>';
    const form = document.querySelector('form') as HTMLFormElement;
    focusFirstInvalid(form);
    vi.advanceTimersByTime(300);
    expect(document.activeElement).toBe(document.body);
    document.getElementById('password')?.setAttribute('aria-invalid', 'true');
    vi.advanceTimersByTime(50);
    expect(document.activeElement).toBe(document.getElementById('password'));
  });

  it('gives up after a second when no field is ever marked', () => {
    document.body.innerHTML = '<form><input id="email"></form>';
    focusFirstInvalid(document.querySelector('form'));
    vi.advanceTimersByTime(1100);
    document.getElementById('email')?.setAttribute('aria-invalid', 'true');
    vi.advanceTimersByTime(100);
    expect(document.activeElement).toBe(document.body);
  });
});
