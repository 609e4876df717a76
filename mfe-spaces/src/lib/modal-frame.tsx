// The frame every spaces dialog shares: a centred Ark dialog named by its title, closed through the
// shared modal store (Escape, the X, or a click outside; a form asks "Discard changes?" first).
import { closeModal, Dialog } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import type { ReactNode } from 'react';

export type ModalFrameProps = {
  title: string;
  description?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  children: ReactNode;
  footer?: ReactNode;
  onClose?: () => void;
  /** What takes focus when the dialog opens (default: the dialog's first focusable element). */
  initialFocusEl?: () => HTMLElement | null;
  /** A form: closing it by Esc, the backdrop or the X after typing asks "Discard changes?". */
  confirmDiscard?: boolean;
};

export function ModalFrame({
  title,
  description,
  size = 'md',
  children,
  footer,
  onClose = closeModal,
  initialFocusEl,
  confirmDiscard = false,
}: ModalFrameProps) {
  return (
    <Dialog.Root
      open
      size={size}
      confirmDiscard={confirmDiscard}
      {...(initialFocusEl ? { initialFocusEl } : {})}
      onOpenChange={(details) => (details.open ? undefined : onClose())}
      // One dialog may open the next (members → addMembers); the first one hands focus back to the
      // page as it unmounts, which must not count as "focus left the new dialog" and close it.
      onFocusOutside={(event) => event.preventDefault()}
    >
      <Dialog.Popup>
        <Dialog.CloseButton />
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
          {description ? <Dialog.Description>{description}</Dialog.Description> : null}
        </Dialog.Header>
        <Dialog.Body>{children}</Dialog.Body>
        {footer ? (
          <div
            className={css({
              display: 'flex',
              justifyContent: 'flex-end',
              gap: '2',
              px: '6',
              py: '4',
              borderTopWidth: '1px',
            })}
          >
            {footer}
          </div>
        ) : null}
      </Dialog.Popup>
    </Dialog.Root>
  );
}
