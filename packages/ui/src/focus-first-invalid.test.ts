import { afterEach, describe, expect, it } from 'vitest';
import { focusFirstInvalid } from './focus-first-invalid.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('focusFirstInvalid', () => {
  it('waits for the errors when the page commits them late (a busy machine), then focuses the first', async () => {
    document.body.innerHTML = '<form><input id="email"><input id="password"></form>';
    const form = document.querySelector('form') as HTMLFormElement;
    focusFirstInvalid(form);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(document.activeElement).toBe(document.body);
    document.getElementById('password')?.setAttribute('aria-invalid', 'true');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(document.activeElement).toBe(document.getElementById('password'));
  });
});
