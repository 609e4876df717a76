// Ark UI's Dialog styled by the `dialog` slot recipe. `placement="end"` with `size="panel"` renders the
// side panel (drawer) used for the profile; the default is a centred modal. Content is portalled to body.
// Loaded when a dialog first opens, by ./dialog.tsx (the Dialog the kit exports).
import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { DISCARD_CHANGES, DISCARD_CHANGES_DESCRIPTION } from '@community/domain';
import { css, cx } from '@community/ui/styled-system/css';
import { button, dialog } from '@community/ui/styled-system/recipes';
import { X } from 'lucide-react';
import { type ComponentProps, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { createStyleContext } from '../lib/create-style-context.tsx';

const { withRootProvider, withContext } = createStyleContext(dialog);

const StyledRoot = withRootProvider(ArkDialog.Root);

type RootProps = ComponentProps<typeof StyledRoot> & {
  /**
   * A form dialog: once the member has typed or changed anything in it, closing it by Esc, the
   * backdrop or the close button asks "Discard changes?" first (issue 26). The form's own Cancel and
   * a save that closes it are deliberate and do not ask.
   */
  confirmDiscard?: boolean;
};

type OpenChange = Parameters<NonNullable<RootProps['onOpenChange']>>[0];

/**
 * Esc closes the innermost layer only (issue 26). Ark's own layers (menus, popovers, comboboxes)
 * already stack; a layer drawn in place inside a dialog (the event form's date picker) marks itself
 * with `data-escape-closes` while open and closes itself on Escape, so the dialog must not close too.
 */
function Root({ onEscapeKeyDown, confirmDiscard = false, onOpenChange, ids, children, ...props }: RootProps) {
  const generatedId = useId();
  const contentId = ids?.content ?? `dialog-content-${generatedId}`;
  const edited = useEditedInside(confirmDiscard ? contentId : null);
  const [asking, setAsking] = useState<OpenChange | null>(null);
  return (
    <StyledRoot
      {...props}
      ids={{ ...ids, content: contentId }}
      onOpenChange={(details: OpenChange) => {
        if (!details.open && edited.current) setAsking(details);
        else onOpenChange?.(details);
      }}
      onEscapeKeyDown={(event: KeyboardEvent) => {
        if (event.target instanceof Element && event.target.closest('[data-escape-closes]')) {
          event.preventDefault();
          return;
        }
        onEscapeKeyDown?.(event);
      }}
    >
      {children}
      {asking ? (
        <DiscardChanges
          onKeep={() => setAsking(null)}
          onDiscard={() => {
            setAsking(null);
            onOpenChange?.(asking);
          }}
        />
      ) : null}
    </StyledRoot>
  );
}

/**
 * Whether the member has typed or changed anything inside the element `id` (every field sends
 * `input` or `change`: text, the rich-text editor, pickers, switches and files alike); null: not
 * watched. Typing something and deleting it again still counts, as it does in most apps.
 */
function useEditedInside(id: string | null) {
  const edited = useRef(false);
  useEffect(() => {
    if (!id) return;
    const mark = (event: Event) => {
      if (event.target instanceof Element && event.target.closest(`[id="${id}"]`)) edited.current = true;
    };
    document.addEventListener('input', mark, true);
    document.addEventListener('change', mark, true);
    return () => {
      document.removeEventListener('input', mark, true);
      document.removeEventListener('change', mark, true);
    };
  }, [id]);
  return edited;
}

// Above every dialog, the Admin Panel's own (zIndex popover) included: it is asked from one.
const aboveDialogs = css({ zIndex: 'popover' });

/** "Discard changes?": Keep editing (focused first; Esc too) or Discard. */
function DiscardChanges({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  const keep = useRef<HTMLButtonElement>(null);
  return (
    <StyledRoot
      open
      size="sm"
      role="alertdialog"
      initialFocusEl={() => keep.current}
      onOpenChange={(details: OpenChange) => (details.open ? undefined : onKeep())}
    >
      <Portal>
        <Backdrop className={aboveDialogs} />
        <Positioner className={aboveDialogs}>
          <Content>
            <Header>
              <Title>{DISCARD_CHANGES}</Title>
              <Description>{DISCARD_CHANGES_DESCRIPTION}</Description>
            </Header>
            <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '2', px: '6', pb: '5' })}>
              <button ref={keep} type="button" className={button({ variant: 'outline' })} onClick={onKeep}>
                Keep editing
              </button>
              <button
                type="button"
                className={cx(button({ variant: 'solid' }), css({ colorPalette: 'danger' }))}
                onClick={onDiscard}
              >
                Discard
              </button>
            </div>
          </Content>
        </Positioner>
      </Portal>
    </StyledRoot>
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
