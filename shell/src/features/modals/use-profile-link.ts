// `?profile={userId}` (written by the open profile panel beside `profile_popover_tab`) opens that
// member's panel: a shared link or a reload shows the same panel on the same tab.
import { modalStore, openModal, PROFILE_LINK_PARAM } from '@community/ui';
import { useEffect } from 'react';
import { useSearchParams } from 'wouter';

export function useProfileLink(): void {
  const [searchParams] = useSearchParams();
  const userId = searchParams.get(PROFILE_LINK_PARAM);
  useEffect(() => {
    if (!userId) return;
    if (modalStore.type === 'profile' && modalStore.props.userId === userId) return;
    openModal('profile', { userId });
  }, [userId]);
}
