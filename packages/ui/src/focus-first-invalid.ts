// After a refused submit, the first field in error gets the focus and comes into view (issue 26): an
// error at the top of a long dialog, out of sight, looked like a button that did nothing. Fields
// say they are in error with aria-invalid (Ark's Field sets it from `invalid`).

/** How long to wait for React to commit the errors that mark the fields (a busy phone can be slow). */
const WAIT_FOR_ERRORS_MS = 1000;
const RETRY_MS = 20;

/** Focuses the first field marked invalid inside `form` once the errors are on screen. */
export function focusFirstInvalid(form: HTMLElement | null): void {
  if (!form) return;
  const giveUpAt = Date.now() + WAIT_FOR_ERRORS_MS;
  // The errors were only set: React commits them on a later task, not always before the next one.
  const attempt = () => {
    const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) {
      if (Date.now() < giveUpAt) setTimeout(attempt, RETRY_MS);
      return;
    }
    field.focus({ preventScroll: true });
    field.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  };
  setTimeout(attempt, 0);
}
