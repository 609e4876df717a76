// Ark UI's toaster: the store and the stack of toasts it renders. Loaded by ./toaster.tsx when the
// first toast is raised, so no page downloads Ark's toast machine (~12 KB gz) before it has something
// to say; the toasts raised meanwhile are handed over once this is mounted (../toast.ts).
import { Portal } from '@ark-ui/react/portal';
import { Toaster as ArkToaster, createToaster, Toast } from '@ark-ui/react/toast';
import { css, cx } from '@community/ui/styled-system/css';
import { button, toast as toastRecipe } from '@community/ui/styled-system/recipes';
import { X } from 'lucide-react';
import { useEffect } from 'react';
import { attachToaster, TOAST_DURATION_MS, type ToastOptions } from '../toast.ts';
import { ErrorReference } from './error-reference.tsx';

const store = createToaster({
  placement: 'bottom-end',
  duration: TOAST_DURATION_MS,
  gap: 12,
  overlap: false,
  max: 5,
  // Above whatever the page keeps fixed at the screen's bottom (the shell's phone tab bar says how tall
  // it is in --bottom-bar-height), so a toast never covers it.
  offsets: { top: '1rem', right: '1rem', left: '1rem', bottom: 'calc(1rem + var(--bottom-bar-height, 0px))' },
});

/** The page's toasts as Ark's store takes them: a failed request's reference travels in `meta`. */
const pageStore = {
  create: ({ reference, ...options }: ToastOptions): string =>
    store.create(reference ? { ...options, meta: { reference } } : options),
  dismiss: (id?: string): void => store.dismiss(id),
};

const referenceOf = (meta: Record<string, unknown> | undefined): string | null =>
  typeof meta?.reference === 'string' ? meta.reference : null;

export function ToasterStack() {
  useEffect(() => {
    // Ark's toast group starts listening to the store after its own mount has settled (a toast
    // created in this very effect was dropped): hand the waiting toasts over on the next task.
    const handOver = setTimeout(() => attachToaster(pageStore));
    return () => clearTimeout(handOver);
  }, []);
  const styles = toastRecipe();
  // In a portal, straight under <body>: a modal dialog hides everything else from screen readers
  // (aria-hidden on the page's other branches) but leaves a live region at that level alone, so a
  // toast raised over a dialog (a failed save, its reference and Copy) is still read and usable.
  return (
    <Portal>
      <ArkToaster toaster={store} className={styles.group}>
        {(item) => (
          <Toast.Root key={item.id} className={styles.root}>
            <Toast.Title className={styles.title}>{item.title}</Toast.Title>
            {item.description ? (
              <Toast.Description className={styles.description}>{item.description}</Toast.Description>
            ) : null}
            <ErrorReference reference={referenceOf(item.meta)} className={css({ mt: '1' })} />
            <Toast.CloseTrigger
              aria-label="Dismiss"
              className={cx(styles.closeTrigger, button({ variant: 'ghost', size: 'icon' }))}
            >
              <X />
            </Toast.CloseTrigger>
          </Toast.Root>
        )}
      </ArkToaster>
    </Portal>
  );
}
