// The Community Info section of the Admin Panel: the admin's company and name (Edit Info) and their
// URL list (Add URLs, delete). "Failed to delete URL" when a delete is refused.
import { referenceOf, session } from '@community/api-client';
import { COMMUNITY_FETCH_FAILED, COMMUNITY_NOT_FOUND, URL_DELETE_FAILED } from '@community/domain';
import { Button, Card, Spinner, toast } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { type AdminCommunity, getAdminCommunity } from '../api/admin-info.ts';
import { deleteUrl, listUrls, type UrlEntry } from '../api/urls.ts';
import { AddUrlsDialog } from './add-urls-dialog.tsx';
import { AdminInfoCard } from './admin-info-card.tsx';
import { UrlList } from './url-list.tsx';

type Loaded = { community: AdminCommunity | null; urls: UrlEntry[] };

export function CommunityInfo({ userId }: { userId: string }) {
  const { user } = useSnapshot(session);
  const [data, setData] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(new Set());
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    Promise.all([getAdminCommunity(userId, controller.signal), listUrls(userId, controller.signal)]).then(
      ([community, urls]) => setData({ community, urls }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[admin] community info', error);
        toast.error(COMMUNITY_FETCH_FAILED, undefined, { reference: referenceOf(error) });
        setFailed(true);
      },
    );
    return () => controller.abort();
  }, [userId, attempt]);

  async function remove(entry: UrlEntry) {
    setDeleting((current) => new Set(current).add(entry.id));
    try {
      await deleteUrl(userId, entry.id);
      setData(
        (current) => current && { ...current, urls: current.urls.filter((url) => url.id !== entry.id) },
      );
    } catch (error) {
      console.error('[admin] delete url', error);
      toast.error(URL_DELETE_FAILED, undefined, { reference: referenceOf(error) });
    } finally {
      setDeleting((current) => {
        const next = new Set(current);
        next.delete(entry.id);
        return next;
      });
    }
  }

  return (
    <section
      aria-labelledby="community-info-heading"
      className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
    >
      <h3 id="community-info-heading" className={css({ textStyle: 'lg', fontWeight: 'semibold' })}>
        Community Info
      </h3>
      {user ? <AdminInfoCard user={user} /> : null}
      <Card.Root>
        <Card.Header
          className={css({
            display: 'flex',
            flexDirection: 'row',
            justifyContent: 'space-between',
            alignItems: 'center',
            gap: '3',
          })}
        >
          <div>
            <Card.Title>URLs</Card.Title>
            {data?.community ? <Card.Description>Links of {data.community.name}</Card.Description> : null}
          </div>
          <Button size="sm" disabled={!data?.community} onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            Add URLs
          </Button>
        </Card.Header>
        <Card.Body>
          {failed ? (
            <div
              className={css({
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                gap: '2',
                py: '4',
              })}
            >
              <p className={css({ textStyle: 'sm', color: 'fg.muted' })}>{COMMUNITY_FETCH_FAILED}</p>
              <Button variant="outline" size="sm" onClick={() => setAttempt((n) => n + 1)}>
                Retry
              </Button>
            </div>
          ) : !data ? (
            <div className={css({ display: 'grid', placeItems: 'center', py: '6', color: 'accent.default' })}>
              <Spinner label="Loading URLs" />
            </div>
          ) : !data.community ? (
            <p className={css({ textStyle: 'sm', color: 'fg.muted' })}>{COMMUNITY_NOT_FOUND}</p>
          ) : (
            <UrlList entries={data.urls} deleting={deleting} onDelete={(entry) => void remove(entry)} />
          )}
        </Card.Body>
      </Card.Root>
      {adding && data?.community ? (
        <AddUrlsDialog
          userId={userId}
          communityId={data.community.id}
          onAdded={(entries) =>
            setData((current) => current && { ...current, urls: [...current.urls, ...entries] })
          }
          onClose={() => setAdding(false)}
        />
      ) : null}
    </section>
  );
}
