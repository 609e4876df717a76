// "Are you sure?" before block, reactivate and delete (spec section 4: each after a confirmation).
import { Button } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useState } from 'react';
import { AdminDialog, DialogActions } from './admin-dialog.tsx';

const dangerPalette = css({ colorPalette: 'danger' });

export type ConfirmDialogProps = {
  title: string;
  description: string;
  confirmLabel: string;
  destructive?: boolean;
  /** Runs the action; the dialog closes when it settles (the action reports its own outcome). */
  onConfirm: () => Promise<void>;
  onClose: () => void;
};

export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  destructive = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const [running, setRunning] = useState(false);

  async function confirm() {
    setRunning(true);
    try {
      await onConfirm();
    } finally {
      setRunning(false);
      onClose();
    }
  }

  return (
    <AdminDialog
      title={title}
      description={description}
      onClose={onClose}
      size="sm"
      role="alertdialog"
      busy={running}
    >
      <DialogActions>
        <Button variant="outline" onClick={onClose} disabled={running}>
          Cancel
        </Button>
        <Button className={destructive ? dangerPalette : undefined} loading={running} onClick={confirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </AdminDialog>
  );
}
