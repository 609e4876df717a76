// A member's name or picture that opens their profile panel, where the viewer may see it: one's own
// always, another member's only with the `community` feature (canOpenProfile, docs/features.md).
// Otherwise the same content, not clickable: no button that would open a refused panel.
import { canOpenProfile, openProfile } from '@community/ui';
import type { ReactNode } from 'react';
import { useCurrentUser } from './current-user.ts';

export type ProfileLinkProps = {
  userId: string;
  children: ReactNode;
  className?: string;
  /** The button's name when its content is only a picture. */
  label?: string;
};

export function ProfileLink({ userId, children, className, label }: ProfileLinkProps) {
  const me = useCurrentUser();
  if (!canOpenProfile(me, userId)) return <span className={className}>{children}</span>;
  return (
    <button type="button" aria-label={label} className={className} onClick={() => openProfile(me, userId)}>
      {children}
    </button>
  );
}
