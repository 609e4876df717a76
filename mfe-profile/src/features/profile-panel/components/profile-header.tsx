import { presenceLabel, usePresence } from '@community/api-client';
import { Avatar, icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import type { ProfileUser } from '../api/use-user.ts';

const line = css({ display: 'flex', alignItems: 'center', gap: '1.5', textStyle: 'sm', color: 'fg.muted' });
const lineIcon = css({ w: '4', h: '4', flexShrink: 0 });

/** "Engineer at Acme", or whichever of the two is known. */
export function workLine(job: string | null, company: string | null): string | null {
  if (job && company) return `${job} at ${company}`;
  return job || company || null;
}

export function ProfileHeader({ user }: { user: ProfileUser }) {
  const name = `${user.firstName} ${user.lastName}`;
  // Spec section 3: lastOfflineAt absent means online; the presence room keeps it live from there.
  const presence = usePresence(user.id, user.lastOfflineAt);
  const work = workLine(user.job, user.company);

  return (
    <div className={css({ display: 'flex', gap: '4', alignItems: 'center' })}>
      <Avatar name={name} src={user.imageUrl} size="xl" online={presence.online} />
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minW: '0' })}>
        <h2 className={css({ textStyle: 'xl', fontWeight: 'bold', truncate: true })}>{name}</h2>
        <p className={css({ textStyle: 'sm', color: 'fg.subtle' })}>@{user.pseudo}</p>
        <p className={css({ textStyle: 'xs', color: 'fg.muted' })}>{presenceLabel(presence)}</p>
        {work ? (
          <p className={line}>
            <icons.Briefcase aria-hidden="true" className={lineIcon} />
            {work}
          </p>
        ) : null}
        {user.address.city ? (
          <p className={line}>
            <icons.MapPin aria-hidden="true" className={lineIcon} />
            {user.address.city}
          </p>
        ) : null}
      </div>
    </div>
  );
}
