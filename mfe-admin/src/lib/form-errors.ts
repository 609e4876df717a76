// Turns validation issues (from a zod check in the form, or the API's `issues`) into one message per
// form field, the first one for each.
export type Issue = { path: string; message: string };

export function firstErrorPerField<F extends string>(
  issues: readonly Issue[],
  fields: readonly F[],
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const { path, message } of issues) {
    const field = fields.find((name) => name === path || path.startsWith(`${name}.`));
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
}
