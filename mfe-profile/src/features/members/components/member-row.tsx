// One member of the directory: a button (keyboard reachable) that opens their profile panel. Its name
// is the text it shows: the member's name, then pseudo, work, city and presence (the name alone would
// leave the visible details out of it: WCAG 2.5.3 label in name).
import { presenceLabel, session, usePresence } from '@community/api-client';
import type { DirectoryMember } from '@community/domain';
import { Avatar, icons, openProfile } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useId } from 'react';
import { fullName, workLine } from '../lib/member-format.ts';

const rowButton = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  w: 'full',
  px: '4',
  py: '3',
  textAlign: 'start',
  cursor: 'pointer',
  borderRadius: 'l2',
  _hover: { bg: 'bg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '-2px' },
});
const detail = css({ display: 'inline-flex', alignItems: 'center', gap: '1', minW: '0' });
const detailIcon = css({ w: '3.5', h: '3.5', flexShrink: 0 });

export function MemberRow({ member }: { member: DirectoryMember }) {
  const name = fullName(member);
  // Spec section 3: lastOfflineAt null means online; the presence room keeps it live from there.
  const presence = usePresence(member.id, member.lastOfflineAt);
  const work = workLine(member.job, member.company);
  const nameId = useId();
  const detailsId = useId();

  return (
    <button
      type="button"
      aria-labelledby={`${nameId} ${detailsId}`}
      onClick={() => openProfile(session.user, member.id)}
      className={rowButton}
    >
      <Avatar name={name} src={member.imageUrl} size="md" online={presence.online} />
      <span className={css({ display: 'flex', flexDirection: 'column', gap: '0.5', flex: '1', minW: '0' })}>
        <span id={nameId} className={css({ textStyle: 'sm', fontWeight: 'semibold', truncate: true })}>
          {name}
        </span>
        <span
          id={detailsId}
          className={css({
            display: 'flex',
            flexWrap: 'wrap',
            columnGap: '3',
            rowGap: '0.5',
            textStyle: 'xs',
            color: 'fg.muted',
          })}
        >
          <span className={css({ color: 'fg.subtle' })}>@{member.pseudo}</span>
          {work ? (
            <span className={detail}>
              <icons.Briefcase aria-hidden="true" className={detailIcon} />
              <span className={css({ truncate: true })}>{work}</span>
            </span>
          ) : null}
          {member.city ? (
            <span className={detail}>
              <icons.MapPin aria-hidden="true" className={detailIcon} />
              <span className={css({ truncate: true })}>{member.city}</span>
            </span>
          ) : null}
          <span data-testid="member-presence">{presenceLabel(presence)}</span>
        </span>
      </span>
    </button>
  );
}
