// The frame of every signed-in page: top bar, the sidebar (mfe-spaces: spaces, then the Messages
// section for members with the `messages` feature), the routed main area, and the modal host.
import { css } from '@community/ui/styled-system/css';
import type { ReactNode } from 'react';
import { MessagesSection, SpaceList } from '../../../federation/remotes.tsx';
import { ModalHost } from '../../modals/modal-host.tsx';
import { TopBar } from './top-bar.tsx';

export function SignedInLayout({ children }: { children: ReactNode }) {
  return (
    <div
      className={css({
        display: 'grid',
        minH: '100dvh',
        gridTemplateAreas: { base: '"top" "main"', md: '"top top" "side main"' },
        gridTemplateColumns: { base: '1fr', md: 'token(sizes.sidebar) 1fr' },
        gridTemplateRows: 'auto 1fr',
      })}
    >
      <TopBar />
      <nav
        aria-label="Spaces"
        className={css({
          gridArea: 'side',
          display: { base: 'none', md: 'block' },
          bg: 'bg.default',
          borderRightWidth: '1px',
          overflowY: 'auto',
          position: 'sticky',
          top: '0',
          h: 'calc(100dvh - token(sizes.topbar))',
        })}
      >
        <SpaceList />
        <MessagesSection />
      </nav>
      <main className={css({ gridArea: 'main', minW: '0' })}>{children}</main>
      <ModalHost />
    </div>
  );
}
