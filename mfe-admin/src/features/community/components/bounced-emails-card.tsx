// The Bounced email addresses card of the Community section (issue 32): addresses the mail server
// refused for good (no such mailbox, rejected), which the platform no longer emails. Each shows the
// server's answer and when; Clear takes it off the list (the address was fixed, the mailbox is back)
// and emails to it are sent again. A failed load stays inside the card, with Retry.
import { ApiError, referenceOf } from '@community/api-client';
import { Button, Card, ErrorReference, Spinner, toast, useCursorList } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useState } from 'react';
import { borderedList, borderedListRow } from '../../../components/list-styles.ts';
import { LoadMore } from '../../../components/load-more.tsx';
import {
  clearEmailSuppression,
  type EmailSuppression,
  getEmailSuppressions,
} from '../api/email-suppressions.ts';

export const SUPPRESSIONS_FETCH_FAILED = 'Could not load the bounced addresses';
export const SUPPRESSION_CLEAR_FAILED = 'Could not clear the address';
export const NO_BOUNCES =
  'No email address has bounced. Addresses the mail server refuses for good appear here.';
export const clearedMessage = (email: string) => `${email} cleared: emails to it will be sent again`;

const KINDS: Record<string, string> = {
  invitation: 'Invitation',
  'unread-messages': 'Unread messages',
  mentions: 'Mentions and comments',
  events: 'Event reminders',
  digest: 'Weekly digest',
};

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function BouncedEmailsCard() {
  const list = useCursorList('all', (_query, cursor, signal) => getEmailSuppressions(cursor, signal));
  const [clearing, setClearing] = useState<ReadonlySet<string>>(new Set());

  async function clear(entry: EmailSuppression) {
    setClearing((current) => new Set(current).add(entry.email));
    try {
      await clearEmailSuppression(entry.email);
      list.setItems((items) => items.filter((item) => item.email !== entry.email));
      toast.success(clearedMessage(entry.email));
    } catch (error) {
      console.error('[admin] clear suppression', error);
      // Cleared by another admin meanwhile: it is gone all the same.
      if (error instanceof ApiError && error.status === 404)
        list.setItems((items) => items.filter((item) => item.email !== entry.email));
      toast.error(SUPPRESSION_CLEAR_FAILED, error instanceof ApiError ? error.message : undefined, {
        reference: referenceOf(error),
      });
    } finally {
      setClearing((current) => {
        const next = new Set(current);
        next.delete(entry.email);
        return next;
      });
    }
  }

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Bounced email addresses</Card.Title>
        <Card.Description>
          The platform no longer emails these addresses. Clear one once it is fixed or the mailbox is back.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        {list.status === 'loading' ? (
          <div className={css({ display: 'grid', placeItems: 'center', py: '6', color: 'accent.default' })}>
            <Spinner label="Loading bounced addresses" />
          </div>
        ) : list.status === 'error' ? (
          <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
            <p className={css({ textStyle: 'sm', color: 'fg.muted' })}>{SUPPRESSIONS_FETCH_FAILED}</p>
            <Button variant="outline" size="sm" onClick={list.reload}>
              Retry
            </Button>
            <ErrorReference reference={referenceOf(list.error)} className={css({ flexBasis: 'full' })} />
          </div>
        ) : list.items.length === 0 ? (
          <p className={css({ textStyle: 'sm', color: 'fg.muted', py: '4', textAlign: 'center' })}>
            {NO_BOUNCES}
          </p>
        ) : (
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
            <ul aria-label="Bounced email addresses" className={borderedList}>
              {list.items.map((entry) => (
                <li key={entry.email} className={borderedListRow}>
                  <div
                    className={css({
                      flex: '1',
                      minW: '0',
                      display: 'flex',
                      flexDirection: 'column',
                      gap: '0.5',
                    })}
                  >
                    <span className={css({ fontWeight: 'medium', wordBreak: 'break-all' })}>
                      {entry.email}
                    </span>
                    <span className={css({ textStyle: 'sm', color: 'fg.muted', wordBreak: 'break-word' })}>
                      {entry.reason}
                    </span>
                    <span className={css({ textStyle: 'xs', color: 'fg.subtle' })}>
                      {KINDS[entry.kind] ?? entry.kind} ·{' '}
                      <time dateTime={entry.createdAt}>{when.format(new Date(entry.createdAt))}</time>
                    </span>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Clear ${entry.email}`}
                    loading={clearing.has(entry.email)}
                    onClick={() => void clear(entry)}
                  >
                    Clear
                  </Button>
                </li>
              ))}
            </ul>
            <LoadMore list={list} />
          </div>
        )}
      </Card.Body>
    </Card.Root>
  );
}
