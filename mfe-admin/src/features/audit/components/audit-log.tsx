// The Audit log section of the Admin Panel (ours: issue 5): every admin action, newest first, with
// who did it, what, to whom, the changed fields and when; "Load more" pages back in time.
import { referenceOf } from '@community/api-client';
import { Button, EmptyState, Spinner, Table, toast, useCursorList } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { History } from 'lucide-react';
import { useEffect } from 'react';
import { LoadMore } from '../../../components/load-more.tsx';
import { getAudit } from '../api/get-audit.ts';
import { actionLabel, changedFields, targetLabel } from '../lib/describe-entry.ts';

const AUDIT_FETCH_FAILED = 'Failed to fetch the audit log'; // ours

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function AuditLog() {
  const entries = useCursorList('all', (_query, cursor, signal) => getAudit(cursor, signal));
  const failed = entries.status === 'error' || entries.loadMoreFailed;
  const reference = failed ? referenceOf(entries.error) : null;
  useEffect(() => {
    if (failed) toast.error(AUDIT_FETCH_FAILED, undefined, { reference });
  }, [failed, reference]);

  return (
    <section
      aria-labelledby="audit-heading"
      className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
    >
      <h3 id="audit-heading" className={css({ textStyle: 'lg', fontWeight: 'semibold' })}>
        Audit log
      </h3>
      {entries.status === 'loading' ? (
        <div className={css({ display: 'grid', placeItems: 'center', py: '10', color: 'accent.default' })}>
          <Spinner label="Loading the audit log" />
        </div>
      ) : entries.status === 'error' ? (
        <EmptyState
          title={AUDIT_FETCH_FAILED}
          reference={reference}
          action={
            <Button variant="outline" size="sm" onClick={entries.reload}>
              Retry
            </Button>
          }
        />
      ) : entries.items.length === 0 ? (
        <EmptyState icon={<History />} title="No admin actions yet" />
      ) : (
        <>
          {/* Scrolls sideways on a phone, and holds nothing focusable: focusable itself, so the
              keyboard can scroll it (WCAG 2.1.1, axe scrollable-region-focusable). */}
          <section
            aria-label="Audit log entries"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
            tabIndex={0}
            className={css({
              overflowX: 'auto',
              borderWidth: '1px',
              borderRadius: 'l2',
              _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
            })}
          >
            <Table.Root aria-label="Audit log">
              <Table.Head>
                <Table.Row>
                  {['When', 'Who', 'Action', 'Target', 'Changes'].map((column) => (
                    <Table.Header key={column} scope="col">
                      {column}
                    </Table.Header>
                  ))}
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {entries.items.map((entry) => (
                  <Table.Row key={entry.id}>
                    <Table.Cell className={css({ whiteSpace: 'nowrap' })}>
                      <time dateTime={entry.createdAt}>{when.format(new Date(entry.createdAt))}</time>
                    </Table.Cell>
                    <Table.Cell className={css({ whiteSpace: 'nowrap' })}>
                      {entry.actorName ?? 'Deleted user'}
                    </Table.Cell>
                    <Table.Cell className={css({ whiteSpace: 'nowrap' })}>
                      {actionLabel(entry.action)}
                    </Table.Cell>
                    <Table.Cell>{targetLabel(entry)}</Table.Cell>
                    <Table.Cell>
                      <ul
                        className={css({
                          textStyle: 'xs',
                          color: 'fg.muted',
                          display: 'flex',
                          flexDirection: 'column',
                          gap: '0.5',
                        })}
                      >
                        {changedFields(entry).map((change) => (
                          <li key={change} className={css({ wordBreak: 'break-word' })}>
                            {change}
                          </li>
                        ))}
                      </ul>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </section>
          <LoadMore list={entries} />
        </>
      )}
    </section>
  );
}
