// The app-wide toaster. One instance for the whole page: the shell renders <Toaster/> once and every
// micro-frontend calls `toast.*` (or `toaster.create`) through the shared @community/ui singleton.
// Raising a toast costs nothing up front: toasts raised before Ark's toaster is there (it is
// downloaded with the first one, components/toaster.tsx) wait here and are handed to it on arrival.
import { claimSingleton } from './lib/claim-singleton.ts';

claimSingleton('@community/ui/toast');

/** Spec section 9: notification toasts stay 3000 ms. */
export const TOAST_DURATION_MS = 3000;

export type ToastOptions = {
  id?: string;
  type: 'success' | 'error' | 'info' | 'warning';
  title: string;
  description?: string;
  duration?: number;
  /**
   * The server's id of the request that failed (`referenceOf(error)` of @community/api-client): shown
   * under the description as "Reference: <id>" with a Copy button, for the member to give the admin.
   */
  reference?: string | null;
};
/** What `toast.error` (and the others) take besides the title and description. */
export type ToastExtras = { reference?: string | null };
/** What the page needs of Ark's toaster store. */
type ToasterStore = { create(options: ToastOptions): string; dismiss(id?: string): void };

let store: ToasterStore | null = null;
let waiting: (ToastOptions & { id: string })[] = [];
let firstToast: (() => void) | null = null;
let nextId = 0;

export const toaster = {
  /** Shows a toast (or keeps it until the toaster is there); returns its id. */
  create(options: ToastOptions): string {
    const id = options.id ?? `toast-${++nextId}`;
    if (store) return store.create({ ...options, id });
    waiting.push({ ...options, id });
    firstToast?.();
    firstToast = null;
    return id;
  },
  /** Dismisses one toast, or all of them. */
  dismiss(id?: string): void {
    if (store) store.dismiss(id);
    else waiting = id === undefined ? [] : waiting.filter((item) => item.id !== id);
  },
};

/** The Toaster's hook: `load` runs once, when the first toast is raised (at once if one waits). */
export function onFirstToast(load: () => void): () => void {
  if (store || waiting.length > 0) {
    load();
    return () => {};
  }
  firstToast = load;
  return () => {
    if (firstToast === load) firstToast = null;
  };
}

/** Ark's toaster arrived: it shows the toasts that waited and every one after. */
export function attachToaster(arrived: ToasterStore): void {
  store = arrived;
  for (const options of waiting) arrived.create(options);
  waiting = [];
}

type ToastType = 'success' | 'error' | 'info';

function show(type: ToastType, title: string, description?: string, extras: ToastExtras = {}) {
  const options: ToastOptions = { type, title, description, duration: TOAST_DURATION_MS };
  if (extras.reference) options.reference = extras.reference;
  return toaster.create(options);
}

/**
 * `toast.error(POST_CREATE_FAILED, POST_CREATE_FAILED_DESCRIPTION, { reference: referenceOf(error) })`:
 * the spec's words, and for a failed request the line "Reference: <id>" (none when the id is null).
 */
export const toast = {
  success: (title: string, description?: string, extras?: ToastExtras) =>
    show('success', title, description, extras),
  error: (title: string, description?: string, extras?: ToastExtras) =>
    show('error', title, description, extras),
  info: (title: string, description?: string, extras?: ToastExtras) =>
    show('info', title, description, extras),
  dismiss: (id?: string) => toaster.dismiss(id),
};
