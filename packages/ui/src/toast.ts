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
};
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

function show(type: ToastType, title: string, description?: string) {
  return toaster.create({ type, title, description, duration: TOAST_DURATION_MS });
}

export const toast = {
  success: (title: string, description?: string) => show('success', title, description),
  error: (title: string, description?: string) => show('error', title, description),
  info: (title: string, description?: string) => show('info', title, description),
  dismiss: (id?: string) => toaster.dismiss(id),
};
