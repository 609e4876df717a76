// A side widget ranking members by activity (posts + comments + messages over a window): the
// Leaderboard (30 days, top 10) and Most active this week (7 days, top 5). Each entry opens the
// member's profile panel.
import { session, usePresence } from '@community/api-client';
import type { LeaderboardEntry } from '@community/domain';
import { Avatar, Button, EmptyState, icons, openProfile } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type ReactNode, useId } from 'react';
import { useActivityRanking } from '../api/use-activity-ranking.ts';
import { activityLine, fullName } from '../lib/member-format.ts';
import { MemberListSkeleton } from './member-list-skeleton.tsx';

const entryButton = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  w: 'full',
  px: '2',
  py: '2',
  textAlign: 'start',
  cursor: 'pointer',
  borderRadius: 'l2',
  _hover: { bg: 'bg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '-2px' },
});

function RankingEntry({ entry, rank }: { entry: LeaderboardEntry; rank: number }) {
  const name = fullName(entry.user);
  const { online } = usePresence(entry.user.id, entry.user.lastOfflineAt);
  const rankId = useId();
  const nameId = useId();
  const countsId = useId();

  return (
    <button
      type="button"
      // The text it shows, in order: rank, name, counts (WCAG 2.5.3 label in name).
      aria-labelledby={`${rankId} ${nameId} ${countsId}`}
      onClick={() => openProfile(session.user, entry.user.id)}
      className={entryButton}
    >
      <span
        id={rankId}
        className={css({
          w: '5',
          textAlign: 'end',
          textStyle: 'sm',
          fontWeight: 'semibold',
          color: 'fg.muted',
        })}
      >
        {rank}
      </span>{' '}
      {/* The spaces separate the words of the visible label (flex layout does not show them). */}
      <Avatar name={name} src={entry.user.imageUrl} size="sm" online={online} />
      <span className={css({ display: 'flex', flexDirection: 'column', minW: '0' })}>
        <span id={nameId} className={css({ textStyle: 'sm', fontWeight: 'medium', truncate: true })}>
          {name}
        </span>{' '}
        <span id={countsId} className={css({ textStyle: 'xs', color: 'fg.muted' })}>
          {activityLine(entry)}
        </span>
      </span>
    </button>
  );
}

export type ActivityWidgetProps = {
  title: string;
  /** The window under the title, e.g. "Last 30 days". */
  window: string;
  emptyText: string;
  errorText: string;
  fetchRanking: (signal: AbortSignal) => Promise<{ items: LeaderboardEntry[] }>;
};

export function ActivityWidget({ title, window, emptyText, errorText, fetchRanking }: ActivityWidgetProps) {
  const ranking = useActivityRanking(fetchRanking);
  const headingId = useId();

  let body: ReactNode;
  if (ranking.status === 'loading') {
    body = <MemberListSkeleton label={`Loading ${title.toLowerCase()}`} />;
  } else if (ranking.status === 'error') {
    body = (
      <EmptyState
        icon={<icons.AlertTriangle />}
        title={errorText}
        reference={ranking.reference}
        className={css({ py: '4' })}
        action={
          <Button variant="outline" size="sm" onClick={ranking.reload}>
            Retry
          </Button>
        }
      />
    );
  } else if (ranking.entries.length === 0) {
    body = <EmptyState title={emptyText} className={css({ py: '4' })} />;
  } else {
    body = (
      <ol
        aria-labelledby={headingId}
        className={css({ display: 'flex', flexDirection: 'column', gap: '0.5' })}
      >
        {ranking.entries.map((entry, index) => (
          <li key={entry.user.id}>
            <RankingEntry entry={entry} rank={index + 1} />
          </li>
        ))}
      </ol>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className={css({
        display: 'flex',
        flexDirection: 'column',
        gap: '2',
        p: '4',
        bg: 'bg.default',
        borderWidth: '1px',
        borderColor: 'border.default',
        borderRadius: 'l3',
      })}
    >
      <header
        className={css({
          display: 'flex',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          gap: '2',
        })}
      >
        <h2 id={headingId} className={css({ textStyle: 'md', fontWeight: 'semibold' })}>
          {title}
        </h2>
        <span className={css({ textStyle: 'xs', color: 'fg.muted' })}>{window}</span>
      </header>
      {body}
    </section>
  );
}
