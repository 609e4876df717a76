// Media: Voices, Videos, Images, Files, Links (MEDIA_SECTIONS), each grouped by month ("October
// 2026"), 5 a month with "Show more" per month and "Load more" for older months. A section with
// nothing in it is left out; "No attachments to show" when all five are empty.
import { MEDIA_SECTIONS, type MediaMonth, NO_ATTACHMENTS_TO_SHOW } from '@community/domain';
import { EmptyState, icons, Skeleton } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import {
  type MediaSectionState,
  type MediaSectionsApi,
  useMediaSections,
} from '../api/use-media-sections.ts';
import { monthLabel } from '../lib/format.ts';
import { MediaCard } from './media-card.tsx';
import { ListSkeleton, LoadFailed, LoadMore } from './tab-states.tsx';

const sectionTitle = css({ textStyle: 'md', fontWeight: 'semibold', mb: '3' });
const monthTitle = css({ textStyle: 'overline', color: 'fg.subtle', mb: '2' });
const grid = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))', gap: '2' });
const wideList = css({ display: 'flex', flexDirection: 'column', gap: '2' });

function MonthGroup({
  title,
  month,
  wide,
  loading,
  failed,
  onShowMore,
}: {
  title: string;
  month: MediaMonth;
  /** Files and links read better one a line than as tiles. */
  wide: boolean;
  loading: boolean;
  failed: boolean;
  onShowMore: () => void;
}) {
  const label = monthLabel(month.month);
  return (
    <section aria-label={`${title}, ${label}`}>
      <h4 className={monthTitle}>{label}</h4>
      <ul className={wide ? wideList : grid}>
        {month.attachments.map((attachment) => (
          <li key={attachment.id} className={css({ minW: '0' })}>
            <MediaCard attachment={attachment} />
          </li>
        ))}
      </ul>
      {month.nextCursor ? (
        <LoadMore label="Show more" loading={loading} failed={failed} onClick={onShowMore} />
      ) : null}
    </section>
  );
}

function MediaSection({
  type,
  title,
  section,
  media,
}: {
  type: (typeof MEDIA_SECTIONS)[number]['type'];
  title: string;
  section: MediaSectionState;
  media: MediaSectionsApi;
}) {
  if (section.status === 'loading')
    return (
      <section aria-label={title} aria-busy="true">
        <h3 className={sectionTitle}>{title}</h3>
        <Skeleton className={css({ h: '24', borderRadius: 'l2' })} />
      </section>
    );
  if (section.status === 'error')
    return (
      <section aria-label={title}>
        <h3 className={sectionTitle}>{title}</h3>
        <LoadFailed
          title={`Unable to load ${title.toLowerCase()}`}
          reference={section.reference}
          onRetry={() => media.retry(type)}
        />
      </section>
    );
  if (section.months.length === 0) return null;
  return (
    <section aria-label={title}>
      <h3 className={sectionTitle}>{title}</h3>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        {section.months.map((month) => (
          <MonthGroup
            key={month.month}
            title={title}
            month={month}
            wide={type === 'file' || type === 'a'}
            loading={section.loadingMonth === month.month}
            failed={section.failedMonth === month.month}
            onShowMore={() => media.showMore(type, month.month)}
          />
        ))}
        {section.nextCursor ? (
          <LoadMore
            loading={section.loadingOlder}
            failed={section.olderFailed}
            onClick={() => media.loadOlder(type)}
          />
        ) : null}
      </div>
    </section>
  );
}

export function MediaTab({ userId }: { userId: string }) {
  const media = useMediaSections(userId);
  const states = MEDIA_SECTIONS.map(({ type }) => media.sections[type]);
  if (states.every((section) => section.status === 'loading')) return <ListSkeleton label="Loading media" />;
  if (states.every((section) => section.status === 'ready' && section.months.length === 0))
    return <EmptyState icon={<icons.Info />} title={NO_ATTACHMENTS_TO_SHOW} />;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      {MEDIA_SECTIONS.map(({ type, title }) => (
        <MediaSection key={type} type={type} title={title} section={media.sections[type]} media={media} />
      ))}
    </div>
  );
}
