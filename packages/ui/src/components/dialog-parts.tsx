// Ark UI's Dialog styled by the `dialog` slot recipe. `placement="end"` with `size="panel"` renders the
// side panel (drawer) used for the profile; the default is a centred modal. Content is portalled to body.
// Loaded when a dialog first opens, by ./dialog.tsx (the Dialog the kit exports).
import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { css, cx } from '@community/ui/styled-system/css';
import { button, dialog } from '@community/ui/styled-system/recipes';
import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { createStyleContext } from '../lib/create-style-context.tsx';

const { withRootProvider, withContext } = createStyleContext(dialog);

const StyledRoot = withRootProvider(ArkDialog.Root);

/**
 * Esc closes the innermost layer only (issue 26). Ark's own layers (menus, popovers, comboboxes)
 * already stack; a layer drawn in place inside a dialog (the event form's date picker) marks itself
 * with `data-escape-closes` while open and closes itself on Escape, so the dialog must not close too.
 */
function Root({ onEscapeKeyDown, ...props }: ComponentProps<typeof StyledRoot>) {
  return (
    <StyledRoot
      {...props}
      onEscapeKeyDown={(event: KeyboardEvent) => {
        if (event.target instanceof Element && event.target.closest('[data-escape-closes]')) {
          event.preventDefault();
          return;
        }
        onEscapeKeyDown?.(event);
      }}
    />
  );
}
const Backdrop = withContext(ArkDialog.Backdrop, 'backdrop');
const Positioner = withContext(ArkDialog.Positioner, 'positioner');
const Content = withContext(ArkDialog.Content, 'content');
const Title = withContext(ArkDialog.Title, 'title');
const Description = withContext(ArkDialog.Description, 'description');
const CloseTrigger = withContext(ArkDialog.CloseTrigger, 'closeTrigger');

/** The close "X" in the corner, labelled for screen readers. */
function CloseButton({ className, ...props }: ComponentProps<typeof ArkDialog.CloseTrigger>) {
  return (
    <CloseTrigger
      aria-label="Close"
      className={cx(button({ variant: 'ghost', size: 'icon' }), className)}
      {...props}
    >
      <X />
    </CloseTrigger>
  );
}

/** Backdrop + positioner + content in a portal: what almost every dialog needs. */
function Popup({
  children,
  className,
  ...props
}: ComponentProps<typeof ArkDialog.Content> & { children: ReactNode }) {
  return (
    <Portal>
      <Backdrop />
      <Positioner>
        <Content className={className} {...props}>
          {children}
        </Content>
      </Positioner>
    </Portal>
  );
}

const Header = ({ className, ...props }: ComponentProps<'div'>) => (
  <div
    className={cx(
      css({ display: 'flex', flexDirection: 'column', gap: '1', px: '6', pt: '5', pb: '3', pe: '14' }),
      className,
    )}
    {...props}
  />
);

const Body = ({ className, ...props }: ComponentProps<'div'>) => (
  <div
    className={cx(css({ flex: '1', minH: '0', overflowY: 'auto', px: '6', pb: '6' }), className)}
    {...props}
  />
);

export const DialogParts = {
  Root,
  Trigger: ArkDialog.Trigger,
  Backdrop,
  Positioner,
  Content,
  Title,
  Description,
  CloseTrigger,
  CloseButton,
  Popup,
  Header,
  Body,
};
