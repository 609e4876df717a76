import { closeModal, modalStore } from '@community/ui';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useCommentsLink } from '../lib/comments-link.ts';
import { SpaceTabs, spaceTabOf, spaceTabsFor, useSpaceTab } from './space-posts.tsx';

afterEach(() => {
  cleanup();
  closeModal();
});

const member = (posts: boolean) => ({ features: [{ feature: 'posts' as const, enabled: posts }] });

function Page({ posts = true }: { posts?: boolean }) {
  const [chosen, setTab] = useSpaceTab();
  useCommentsLink('MODERATOR');
  const { tabs, tab } = spaceTabsFor(member(posts), chosen);
  return (
    <>
      <SpaceTabs tabs={tabs} tab={tab} onChange={setTab} />
      <p>showing {tab}</p>
    </>
  );
}

function renderAt(path: string, posts = true) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Page posts={posts} />
    </Router>,
  );
  return location;
}

describe('space page tabs', () => {
  it('reads ?tab=posts as the wall and anything else as the chat', () => {
    expect(spaceTabOf('posts')).toBe('posts');
    expect(spaceTabOf(null)).toBe('chat');
    expect(spaceTabOf('other')).toBe('chat');
  });

  it('opens on the chat and keeps the chosen tab in the address', () => {
    const location = renderAt('/spaces/s1');
    expect(screen.getByRole('tab', { name: 'Chat' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Posts' }));
    expect(screen.getByText('showing posts')).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/spaces/s1?tab=posts');
    fireEvent.click(screen.getByRole('tab', { name: 'Chat' }));
    expect(location.history?.at(-1)).toBe('/spaces/s1');
  });

  it('opens the comments dialog of ?postId=', () => {
    renderAt('/spaces/s1?tab=posts&postId=p9');
    expect(screen.getByRole('tab', { name: 'Posts' }).getAttribute('aria-selected')).toBe('true');
    expect(modalStore.type).toBe('newComment');
    expect(modalStore.props).toEqual({ postId: 'p9', spaceRole: 'MODERATOR' });
  });

  it('closes the comments dialog when ?postId= leaves the address (Back)', () => {
    const location = renderAt('/spaces/s1?tab=posts&postId=p9');
    expect(modalStore.type).toBe('newComment');
    act(() => location.navigate('/spaces/s1?tab=posts'));
    expect(modalStore.type).toBeNull();
  });

  it('shows the chat alone, with no tabs, without the posts feature, even at ?tab=posts', () => {
    renderAt('/spaces/s1?tab=posts', false);
    expect(screen.queryByRole('tab', { name: 'Posts' })).toBeNull();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByText('showing chat')).toBeTruthy();
  });
});
