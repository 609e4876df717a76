// A dialog opened from inside the Admin Panel (Add User, Features, Import, Add URLs, confirmations).
// Same UI kit Dialog, one layer up: its backdrop and box sit above the panel, and Escape or the close
// button close only this one.

import { Dialog } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

const layer = css({ zIndex: 'popover' });

export type AdminDialogProps = {
  title: string;
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** `alertdialog` for confirmations. */
  role?: 'dialog' | 'alertdialog';
  /** While true, Escape and clicks outside do not close it (an import in flight). */
  busy?: boolean;
  /** A form: closing it by Esc, a click outside or the X after typing asks "Discard changes?". */
  confirmDiscard?: boolean;
};

export function AdminDialog({
  title,
  description,
  onClose,
  children,
  size = 'md',
  role = 'dialog',
  busy = false,
  confirmDiscard = false,
}: AdminDialogProps) {
  return (
    <Dialog.Root
      open
      size={size}
      role={role}
      closeOnEscape={!busy}
      closeOnInteractOutside={!busy}
      confirmDiscard={confirmDiscard}
      // Steps replace their buttons (Import → progress → result); focus falling back to the page when
      // the focused button goes away must not read as "the user left the dialog".
      onFocusOutside={(event) => event.preventDefault()}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      {createPortal(
        <>
          <Dialog.Backdrop className={layer} />
          <Dialog.Positioner className={layer}>
            <Dialog.Content>
              {busy ? null : <Dialog.CloseButton />}
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
                {description ? <Dialog.Description>{description}</Dialog.Description> : null}
              </Dialog.Header>
              <Dialog.Body>{children}</Dialog.Body>
            </Dialog.Content>
          </Dialog.Positioner>
        </>,
        // Ark's Portal would bring this micro-frontend its own copy of Ark; the body is where it portals to.
        document.body,
      )}
    </Dialog.Root>
  );
}

/** The row of buttons at the bottom of a dialog's form. */
export function DialogActions({ children }: { children: ReactNode }) {
  return (
    <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '2', pt: '4' })}>{children}</div>
  );
}
