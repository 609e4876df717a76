// A part of the kit downloaded on first use (the menus, dialogs and toasts of ../components): one
// download however many components ask, and, once it is there, its value at hand for a synchronous
// render.
export type LoadOnce<T> = { load(): Promise<T>; readonly value: T | null };

export function loadOnce<T>(download: () => Promise<T>): LoadOnce<T> {
  let value: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    load() {
      loading ??= download().then((arrived) => {
        value = arrived;
        return arrived;
      });
      return loading;
    },
    get value() {
      return value;
    },
  };
}
