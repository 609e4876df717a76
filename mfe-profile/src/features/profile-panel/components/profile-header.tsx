// The panel's header: cover image (a neutral band without one, or when it fails to load), the avatar
// with its online dot, name, @pseudo, presence, job and company, and city with the country's name.
import { presenceLabel, usePresence } from '@community/api-client';
import { Avatar, icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useState } from 'react';
import { workLine } from '../../../lib/work-line.ts';
import { useSignedUrl } from '../api/use-signed-url.ts';
import type { ProfileUser } from '../api/use-user.ts';
import { placeLine } from '../lib/format.ts';

const line = css({ display: 'flex', alignItems: 'center', gap: '1.5', textStyle: 'sm', color: 'fg.muted' });
const lineIcon = css({ w: '4', h: '4', flexShrink: 0 });
const band = css({ h: '28', borderRadius: 'l2', bg: 'bg.muted', overflow: 'hidden' });

export { workLine };

/** The cover picture; the band stays plain while it is signed, and quietly when it cannot be shown. */
function Cover({ url }: { url: string | null }) {
  const source = useSignedUrl(url);
  const [broken, setBroken] = useState(false);
  const src = source.status === 'ready' && !broken ? source.url : null;
  return (
    <div className={band} data-testid="profile-cover">
      {src ? (
        <img
          src={src}
          alt=""
          onError={() => setBroken(true)}
          className={css({ w: 'full', h: 'full', objectFit: 'cover', display: 'block' })}
        />
      ) : null}
    </div>
  );
}

export function ProfileHeader({ user }: { user: ProfileUser }) {
  const name = `${user.firstName} ${user.lastName}`;
  // Spec section 3: lastOfflineAt absent means online; the presence room keeps it live from there.
  const presence = usePresence(user.id, user.lastOfflineAt);
  const work = workLine(user.job, user.company);
  const place = placeLine(user.address.city, user.address.country);

  return (
    <div className={css({ display: 'flex', flexDirection: 'column' })}>
      <Cover url={user.coverImageUrl ?? null} />
      <div className={css({ px: '4', mt: '-10' })}>
        <Avatar
          name={name}
          src={user.imageUrl}
          size="xl"
          online={presence.online}
          className={css({ borderWidth: '4px', borderColor: 'bg.default' })}
        />
      </div>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minW: '0', mt: '2' })}>
        <h2 className={css({ textStyle: 'xl', fontWeight: 'bold', truncate: true })}>{name}</h2>
        <p className={css({ textStyle: 'sm', color: 'fg.subtle' })}>@{user.pseudo}</p>
        <p className={css({ textStyle: 'xs', color: 'fg.muted' })}>{presenceLabel(presence)}</p>
        {work ? (
          <p className={line}>
            <icons.Briefcase aria-hidden="true" className={lineIcon} />
            {work}
          </p>
        ) : null}
        {place ? (
          <p className={line}>
            <icons.MapPin aria-hidden="true" className={lineIcon} />
            {place}
          </p>
        ) : null}
      </div>
    </div>
  );
}
