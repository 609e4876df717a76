// Ark UI's toaster: the store and the stack of toasts it renders. Loaded by ./toaster.tsx when the
// first toast is raised, so no page downloads Ark's toast machine (~12 KB gz) before it has something
// to say; the toasts raised meanwhile are handed over once this is mounted (../toast.ts).
import { Toaster as ArkToaster, createToaster, Toast } from '@ark-ui/react/toast';
import { cx } from '@community/ui/styled-system/css';
import { button, toast as toastRecipe } from '@community/ui/styled-system/recipes';
import { X } from 'lucide-react';
import { useEffect } from 'react';
import { attachToaster, TOAST_DURATION_MS } from '../toast.ts';

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

export function ToasterStack() {
  useEffect(() => {
    // Ark's toast group starts listening to the store after its own mount has settled (a toast
    // created in this very effect was dropped): hand the waiting toasts over on the next task.
    const handOver = setTimeout(() => attachToaster(store));
    return () => clearTimeout(handOver);
  }, []);
  const styles = toastRecipe();
  return (
    <ArkToaster toaster={store} className={styles.group}>
      {(item) => (
        <Toast.Root key={item.id} className={styles.root}>
          <Toast.Title className={styles.title}>{item.title}</Toast.Title>
          {item.description ? (
            <Toast.Description className={styles.description}>{item.description}</Toast.Description>
          ) : null}
          <Toast.CloseTrigger
            aria-label="Dismiss"
            className={cx(styles.closeTrigger, button({ variant: 'ghost', size: 'icon' }))}
          >
            <X />
          </Toast.CloseTrigger>
        </Toast.Root>
      )}
    </ArkToaster>
  );
}
