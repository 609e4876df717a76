// Ark UI's Menu, styled for this micro-frontend: a list of actions opened from a button
// (`Menu.Trigger`) or by right-clicking an element (`Menu.ContextTrigger`). Content is portalled.
import { Menu as ArkMenu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import { css, cx } from '@community/ui/styled-system/css';
import type { ComponentProps, ReactNode } from 'react';

const contentClass = css({
  minW: '44',
  py: '1',
  bg: 'bg.default',
  borderWidth: '1px',
  borderRadius: 'l2',
  boxShadow: 'overlay',
  outline: 'none',
  zIndex: 'popover',
  _open: { animation: 'fade-in {durations.fast} {easings.default}' },
});

const itemClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: '3',
  py: '2',
  textStyle: 'sm',
  cursor: 'pointer',
  color: 'fg.default',
  userSelect: 'none',
  '& svg': { w: '4', h: '4', color: 'fg.muted' },
  _highlighted: { bg: 'bg.subtle' },
  '&[data-tone=danger]': { color: 'danger.text', '& svg': { color: 'danger.text' } },
});

function Content({ children, className, ...props }: ComponentProps<typeof ArkMenu.Content>) {
  return (
    <Portal>
      <ArkMenu.Positioner>
        <ArkMenu.Content className={cx(contentClass, className)} {...props}>
          {children}
        </ArkMenu.Content>
      </ArkMenu.Positioner>
    </Portal>
  );
}

function Item({
  tone,
  icon,
  children,
  className,
  ...props
}: ComponentProps<typeof ArkMenu.Item> & { tone?: 'danger'; icon?: ReactNode }) {
  return (
    <ArkMenu.Item className={cx(itemClass, className)} data-tone={tone} {...props}>
      {icon}
      {children}
    </ArkMenu.Item>
  );
}

export const Menu = {
  Root: ArkMenu.Root,
  Trigger: ArkMenu.Trigger,
  ContextTrigger: ArkMenu.ContextTrigger,
  Content,
  Item,
};
