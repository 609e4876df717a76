// A part of the kit downloaded on first use (the menus, dialogs and toasts of ../components): one
// download however many components ask, and, once it is there, its value at hand for a synchronous
// render.
export type LoadOnce<T> = {
  load(): Promise<T>;
  readonly value: T | null;
  /** Back to not downloaded: for the unit tests of the waiting, which share one module graph. */
  forget(): void;
};

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
    forget() {
      value = null;
      loading = null;
    },
  };
}
