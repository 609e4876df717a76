// The admin's URLs (spec section 2): favicon, label, host name and linked community name, each with
// delete; the list area is at most 300 px high; "No URLs added yet" when empty.
import { URL_LIST_MAX_HEIGHT_PX } from '@community/domain';
import { Badge, Button } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { Globe, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { borderedListRow } from '../../../components/list-styles.ts';
import type { UrlEntry } from '../api/urls.ts';

function Favicon({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false);
  const box = css({ w: '5', h: '5', flexShrink: 0, color: 'fg.subtle' });
  if (!src || failed) return <Globe aria-hidden className={box} />;
  return (
    <img
      src={src}
      alt=""
      width={20}
      height={20}
      loading="lazy"
      referrerPolicy="no-referrer"
      className={box}
      onError={() => setFailed(true)}
    />
  );
}

export function UrlList({
  entries,
  deleting,
  onDelete,
}: {
  entries: readonly UrlEntry[];
  deleting: ReadonlySet<string>;
  onDelete: (entry: UrlEntry) => void;
}) {
  if (entries.length === 0) {
    return (
      <p className={css({ textStyle: 'sm', color: 'fg.muted', py: '4', textAlign: 'center' })}>
        No URLs added yet
      </p>
    );
  }
  return (
    <ul
      aria-label="URLs"
      className={css({
        display: 'flex',
        flexDirection: 'column',
        overflowY: 'auto',
        borderWidth: '1px',
        borderRadius: 'l2',
      })}
      style={{ maxHeight: URL_LIST_MAX_HEIGHT_PX }}
    >
      {entries.map((entry) => {
        const label = entry.label || entry.host || entry.url;
        return (
          <li key={entry.id} className={borderedListRow}>
            <Favicon src={entry.faviconUrl} />
            <div className={css({ flex: '1', minW: '0', display: 'flex', flexDirection: 'column' })}>
              <a
                href={entry.url}
                target="_blank"
                rel="noopener noreferrer"
                className={css({
                  fontWeight: 'medium',
                  color: 'accent.text',
                  truncate: true,
                  _hover: { textDecoration: 'underline' },
                })}
              >
                {label}
              </a>
              <span className={css({ textStyle: 'xs', color: 'fg.muted', truncate: true })}>
                {entry.host ?? entry.url}
              </span>
            </div>
            <Badge variant="outline">{entry.community.name}</Badge>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Delete ${label}`}
              loading={deleting.has(entry.id)}
              onClick={() => onDelete(entry)}
            >
              {deleting.has(entry.id) ? null : (
                <Trash2 aria-hidden className={css({ color: 'danger.text' })} />
              )}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
