// The app-wide toaster (Ark UI). One instance for the whole page: the shell renders <Toaster/> once and
// every micro-frontend calls `toast.*` through the shared @community/ui singleton.
import { createToaster } from '@ark-ui/react/toast';
import { claimSingleton } from './lib/claim-singleton.ts';

claimSingleton('@community/ui/toast');

/** Spec section 9: notification toasts stay 3000 ms. */
export const TOAST_DURATION_MS = 3000;

export const toaster = createToaster({
  placement: 'bottom-end',
  duration: TOAST_DURATION_MS,
  gap: 12,
  overlap: false,
  max: 5,
});

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
