// A link out of the panel (a post, an event, a space, a message): it closes the panel as it goes, and
// the new address drops the panel's tab parameter with the rest of the old query.
import { closeModal } from '@community/ui';
import { css, cx } from '@community/ui/styled-system/css';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

export const rowLink = css({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '3',
  p: '3',
  borderWidth: '1px',
  borderRadius: 'l2',
  color: 'fg.default',
  textDecoration: 'none',
  _hover: { bg: 'bg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
});

export function PanelLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link href={href} onClick={() => closeModal()} className={cx(rowLink, className)}>
      {children}
    </Link>
  );
}
