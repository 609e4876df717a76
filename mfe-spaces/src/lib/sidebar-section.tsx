// A section of the sidebar (Spaces, Messages): a small heading with its action button, then the list.
import { Button } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import type { ReactNode } from 'react';
import { Plus } from './icons.tsx';

const heading = css({ textStyle: 'overline', color: 'fg.subtle' });
const header = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  ps: '3',
  pe: '2',
  pt: '3',
  pb: '1',
});

export function SidebarSection({
  id,
  title,
  action,
  className,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  /** The "+" button beside the heading (absent when the member may not do it). */
  action?: { label: string; onClick: () => void } | null;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <div className={header}>
        <h2 id={id} className={heading}>
          {title}
        </h2>
        {action ? (
          <Button variant="ghost" size="xs" onClick={action.onClick}>
            <Plus />
            {action.label}
          </Button>
        ) : null}
      </div>
      {children}
    </section>
  );
}
