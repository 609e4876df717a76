// Ark UI's Menu (a button that opens a list of actions), styled inline since it has no recipe yet.
// It lives in the UI kit, not in a micro-frontend, so it shares Ark's layer stack with Dialog: a menu
// opened inside a dialog closes on Escape without closing the dialog too. Loaded on first use by
// ./menu.tsx (the Menu the kit exports), so a page pays for Ark's menu and its positioning only when
// a member reaches for a menu.
import { Menu as ArkMenu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import { css, cx } from '@community/ui/styled-system/css';
import type { ComponentProps, ReactNode } from 'react';

const contentClass = css({
  zIndex: 'popover',
  minW: '44',
  bg: 'bg.default',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l2',
  boxShadow: 'overlay',
  p: '1',
  outline: 'none',
  _open: { animation: 'fade-in {durations.fast} {easings.default}' },
});

const itemClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: '2.5',
  py: '2',
  borderRadius: 'l1',
  textStyle: 'sm',
  color: 'fg.default',
  cursor: 'pointer',
  userSelect: 'none',
  _highlighted: { bg: 'bg.subtle' },
  _disabled: { opacity: 0.5, cursor: 'not-allowed' },
  '& svg': { w: '4', h: '4', color: 'fg.muted' },
  '&[data-tone=danger]': { color: 'danger.text', '& svg': { color: 'danger.text' } },
});

/**
 * The floating list. Portalled to the body by default; inside a modal dialog pass `portalled={false}`
 * (with `positioning={{ strategy: 'fixed' }}` on the root) so it stays within the dialog, which hides
 * everything outside itself from assistive technology.
 */
function Content({
  className,
  children,
  portalled = true,
  ...props
}: ComponentProps<typeof ArkMenu.Content> & { children: ReactNode; portalled?: boolean }) {
  const list = (
    <ArkMenu.Positioner>
      <ArkMenu.Content className={cx(contentClass, className)} {...props}>
        {children}
      </ArkMenu.Content>
    </ArkMenu.Positioner>
  );
  return portalled ? <Portal>{list}</Portal> : list;
}

/** An action; `icon` goes before the label, `tone="danger"` marks a destructive one. */
function Item({
  className,
  tone,
  icon,
  children,
  ...props
}: ComponentProps<typeof ArkMenu.Item> & { tone?: 'danger'; icon?: ReactNode }) {
  return (
    <ArkMenu.Item className={cx(itemClass, className)} data-tone={tone} {...props}>
      {icon}
      {children}
    </ArkMenu.Item>
  );
}

export const MenuParts = {
  Root: ArkMenu.Root,
  /** Use with `asChild` around a Button. */
  Trigger: ArkMenu.Trigger,
  /** Opens the menu on right-click (or long press) of the element it wraps. */
  ContextTrigger: ArkMenu.ContextTrigger,
  Content,
  Item,
};
