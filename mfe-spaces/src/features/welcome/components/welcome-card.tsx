// The first-visit welcome at the top of Home (issue 30; docs/product-decisions.md "First visit"): the
// community's welcome text, "Introduce yourself" (the Home composer on the General space, joining it
// first when the newcomer is not in it yet), the public spaces they are not in, most active first,
// each with Join, and the upcoming events (the strip Home shows anyway, held inside the card while it
// is there). Dismissed, it is gone for good: the server keeps that on the account.
import { referenceOf } from '@community/api-client';
import type { Space, User, Welcome } from '@community/domain';
import { INTRODUCE_YOURSELF, welcomeHeading } from '@community/domain';
import { Button, icons, openModal, toast } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { button } from '@community/ui/styled-system/recipes';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { serverMessage } from '../../../lib/error-message.ts';
import { notifySpacesChanged, useSpacesChanged } from '../../../lib/spaces-events.ts';
import { hasPostsFeature } from '../../posts/lib/permissions.ts';
import { joinSpace } from '../../spaces/api/spaces-api.ts';
import { JOIN_FAILED, JoinSpaceButton, membersLabel } from '../../spaces/components/space-join.tsx';
import { dismissWelcome, getWelcome } from '../api/welcome-api.ts';

export const DISMISS_WELCOME = 'Dismiss the welcome';
export const DISMISS_FAILED = 'Could not dismiss the welcome';
export const SUGGESTED_SPACES = 'Spaces to join';

export type WelcomeState =
  | { status: 'loading' }
  | { status: 'hidden' }
  | { status: 'shown'; welcome: Welcome };

/** The member's welcome; `hidden` too when it cannot be read (Home goes on without it). */
export function useWelcome(): [WelcomeState, (state: WelcomeState) => void] {
  const [state, setState] = useState<WelcomeState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    getWelcome(controller.signal).then(
      (welcome) => setState(welcome.show ? { status: 'shown', welcome } : { status: 'hidden' }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[home] welcome', error);
        setState({ status: 'hidden' });
      },
    );
    return () => controller.abort();
  }, []);
  return [state, setState];
}

type WelcomeCardProps = {
  welcome: Welcome;
  me: User;
  /** The member's own spaces (to know whether "Introduce yourself" must join General first). */
  mySpaces: readonly Pick<Space, 'id' | 'isMember'>[] | null;
  /** Upcoming events, shown inside the card. */
  events: ReactNode;
  onDismissed: () => void;
  onDismissFailed: () => void;
};

export function WelcomeCard({
  welcome,
  me,
  mySpaces,
  events,
  onDismissed,
  onDismissFailed,
}: WelcomeCardProps) {
  const headingId = useId();
  const [joined, setJoined] = useState<ReadonlySet<string>>(new Set());
  const [introducing, setIntroducing] = useState(false);
  // A Join here (or anywhere) marks the suggestion as joined: it stays, with Open instead of Join.
  useSpacesChanged(({ spaceId }) => {
    if (spaceId) setJoined((current) => new Set(current).add(spaceId));
  });

  const introductionSpaceId = welcome.introductionSpaceId;
  const canIntroduce = Boolean(introductionSpaceId && hasPostsFeature(me));

  async function introduce() {
    if (!introductionSpaceId) return;
    const isMember =
      joined.has(introductionSpaceId) ||
      mySpaces?.some((space) => space.id === introductionSpaceId && space.isMember);
    if (!isMember) {
      // The composer posts only where the member belongs: General is public, so join it first.
      setIntroducing(true);
      try {
        await joinSpace(introductionSpaceId);
        notifySpacesChanged({ spaceId: introductionSpaceId });
      } catch (error) {
        console.error('[home] join General', error);
        toast.error(JOIN_FAILED, serverMessage(error), { reference: referenceOf(error) });
        return;
      } finally {
        setIntroducing(false);
      }
    }
    openModal('newPost', { spaceId: introductionSpaceId, chooseSpace: true });
  }

  async function dismiss() {
    onDismissed();
    try {
      await dismissWelcome();
    } catch (error) {
      console.error('[home] dismiss welcome', error);
      toast.error(DISMISS_FAILED, serverMessage(error), { reference: referenceOf(error) });
      onDismissFailed();
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      className={css({
        position: 'relative',
        display: 'grid',
        gap: '4',
        p: { base: '4', md: '5' },
        maxW: '3xl',
        w: 'full',
        minW: '0',
        mx: 'auto',
        bg: 'bg.default',
        borderWidth: '1px',
        borderColor: 'accent.default',
        borderRadius: 'l3',
      })}
    >
      <div className={css({ display: 'grid', gap: '2', pe: '10' })}>
        <h2 id={headingId} className={css({ textStyle: 'xl', fontWeight: 'semibold' })}>
          {welcomeHeading(welcome.communityName)}
        </h2>
        <p
          className={css({
            textStyle: 'sm',
            color: 'fg.default',
            whiteSpace: 'pre-line',
            overflowWrap: 'anywhere',
          })}
        >
          {welcome.welcomeText}
        </p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        aria-label={DISMISS_WELCOME}
        title={DISMISS_WELCOME}
        onClick={() => void dismiss()}
        className={css({ position: 'absolute', top: '2', insetEnd: '2', px: '2' })}
      >
        <icons.X aria-hidden="true" className={css({ w: '4', h: '4' })} />
      </Button>
      {canIntroduce ? (
        <div>
          <Button loading={introducing} onClick={() => void introduce()}>
            {INTRODUCE_YOURSELF}
          </Button>
        </div>
      ) : null}
      {welcome.suggestions.length > 0 ? (
        <SuggestedSpaces suggestions={welcome.suggestions} joined={joined} />
      ) : null}
      {events}
    </section>
  );
}

function SuggestedSpaces({
  suggestions,
  joined,
}: {
  suggestions: Welcome['suggestions'];
  joined: ReadonlySet<string>;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={css({ display: 'grid', gap: '2' })}>
      <h3 id={headingId} className={css({ textStyle: 'md', fontWeight: 'semibold' })}>
        {SUGGESTED_SPACES}
      </h3>
      <ul className={css({ display: 'grid', gap: '2' })}>
        {suggestions.map((space) => {
          const nameId = `${headingId}-${space.id}`;
          return (
            <li
              key={space.id}
              className={css({
                display: 'flex',
                alignItems: 'center',
                gap: '3',
                p: '3',
                borderWidth: '1px',
                borderRadius: 'l2',
                minW: '0',
              })}
            >
              <span
                aria-hidden="true"
                className={css({ w: '8', h: '8', borderRadius: 'l2', flexShrink: 0 })}
                style={{ backgroundColor: space.color }}
              />
              <div className={css({ flex: '1', minW: '0', display: 'grid' })}>
                <span
                  id={nameId}
                  className={css({ fontWeight: 'semibold', textStyle: 'sm', truncate: true })}
                >
                  {space.name}
                </span>
                <span className={css({ textStyle: 'xs', color: 'fg.muted', truncate: true })}>
                  {membersLabel(space.membersCount)}
                  {space.description ? ` · ${space.description}` : ''}
                </span>
              </div>
              {joined.has(space.id) ? (
                <Link
                  href={`/spaces/${space.id}`}
                  aria-describedby={nameId}
                  className={button({ size: 'sm', variant: 'outline' })}
                >
                  Open
                </Link>
              ) : (
                <JoinSpaceButton space={space} size="sm" aria-describedby={nameId}>
                  Join
                </JoinSpaceButton>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
