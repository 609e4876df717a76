// `/spaces` and `/messages`: the member's spaces and conversations as pages of their own, so the phone
// (which has no sidebar) reaches them from the bottom tab bar, and desktop has a page behind the
// Spaces and Messages entries. Both reuse mfe-spaces' sidebar sections (Create space and New message
// come with them); on these pages the desktop sidebar leaves out the section the page already shows.
import { css } from '@community/ui/styled-system/css';
import type { ReactNode } from 'react';
import { MessagesSection, SpaceList } from '../../federation/remotes.tsx';

export const SPACES_PATH = '/spaces';
export const MESSAGES_PATH = '/messages';

function IndexPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={css({ maxW: '2xl', mx: 'auto', px: { base: '2', md: '6' }, py: { base: '4', md: '6' } })}>
      <h1 className={css({ textStyle: '2xl', fontWeight: 'bold', px: '3', mb: '2' })}>{title}</h1>
      <div className={css({ bg: 'bg.default', borderWidth: '1px', borderRadius: 'l3', overflow: 'hidden' })}>
        {children}
      </div>
    </div>
  );
}

export function SpacesIndexPage() {
  return (
    <IndexPage title="Spaces">
      <SpaceList />
    </IndexPage>
  );
}

export function MessagesIndexPage() {
  return (
    <IndexPage title="Messages">
      <MessagesSection />
    </IndexPage>
  );
}
