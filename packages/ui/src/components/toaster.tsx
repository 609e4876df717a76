import { Toaster as ArkToaster, Toast } from '@ark-ui/react/toast';
import { cx } from '@community/ui/styled-system/css';
import { button, toast as toastRecipe } from '@community/ui/styled-system/recipes';
import { X } from 'lucide-react';
import { toaster } from '../toast.ts';

/** Renders the shared toaster's toasts; mount it once, in the shell. */
export function Toaster() {
  const styles = toastRecipe();
  return (
    <ArkToaster toaster={toaster} className={styles.group}>
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
