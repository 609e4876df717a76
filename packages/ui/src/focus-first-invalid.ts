// After a refused submit, the first field in error gets the focus and comes into view (issue 26): an
// error at the top of a long dialog, out of sight, looked like a button that did nothing. Fields
// say they are in error with aria-invalid (Ark's Field sets it from `invalid`).

/** Focuses the first field marked invalid inside `form` once the errors are on screen. */
export function focusFirstInvalid(form: HTMLElement | null): void {
  if (!form) return;
  // After React has committed the errors that mark the fields.
  setTimeout(() => {
    const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.focus({ preventScroll: true });
    field.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, 0);
}
