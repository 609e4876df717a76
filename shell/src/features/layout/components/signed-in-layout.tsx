// The frame of every signed-in page: the skip link, the top bar (main navigation on desktop), the
// sidebar on desktop (mfe-spaces: spaces, then the Messages section for members with the `messages`
// feature), the routed main area, the phone's bottom tab bar, and the modal host. Phones get no
// sidebar at all (not even hidden: it would load and poll for nothing); they reach spaces and
// conversations through the Spaces and Messages pages.
import { session } from '@community/api-client';
import { DESKTOP_QUERY, useMediaQuery } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { MessagesSection, SpaceList } from '../../../federation/remotes.tsx';
import { ModalHost } from '../../modals/modal-host.tsx';
import { BottomTabBar } from './main-nav.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';
import { TopBar } from './top-bar.tsx';

function Sidebar() {
  return (
    <nav
      aria-label="Spaces"
      className={css({
        gridArea: 'side',
        bg: 'bg.default',
        borderRightWidth: '1px',
        overflowY: 'auto',
        // Stays below the top bar while the page scrolls. (`top: 'topbar'` was no CSS at all: `top`
        // takes spacing tokens, and the sidebar scrolled away, over the top bar; issue 26.)
        position: 'sticky',
        top: 'token(sizes.topbar)',
        h: 'calc(100dvh - token(sizes.topbar))',
      })}
    >
      <SpaceList />
      <MessagesSection />
    </nav>
  );
}

export function SignedInLayout({ children }: { children: ReactNode }) {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const { user } = useSnapshot(session);
  return (
    <div
      className={css({
        display: 'grid',
        minH: '100dvh',
        gridTemplateAreas: { base: '"top" "main"', md: '"top top" "side main"' },
        gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'token(sizes.sidebar) minmax(0, 1fr)' },
        gridTemplateRows: 'auto 1fr',
        // What the bars take of the screen's height, for pages that fill it (a space's chat, a
        // conversation): the top bar, and on phones the bottom tab bar too.
        // (Literal values: Panda extracts styles statically; 4rem is the bottom tab bar's height.)
        '--app-chrome-height': 'calc(token(sizes.topbar) + 4rem + env(safe-area-inset-bottom))',
        md: { '--app-chrome-height': 'token(sizes.topbar)' },
      })}
    >
      <SkipLink />
      <TopBar />
      {desktop ? <Sidebar /> : null}
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className={css({
          gridArea: 'main',
          minW: '0',
          outline: 'none',
          // The bottom tab bar is fixed over the page's end: pad by its height so it covers nothing.
          pb: { base: 'calc(4rem + env(safe-area-inset-bottom))', md: '0' },
        })}
      >
        {children}
      </main>
      <BottomTabBar user={user} />
      <ModalHost />
    </div>
  );
}
