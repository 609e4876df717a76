// What an unsent post or comment says beside its author: "Not sent yet" while the outbox keeps
// sending it by itself (and when it goes next), or the server's refusal with Retry (same clientKey)
// and Discard.
import type { OutboxItem } from '@community/api-client';
import { Button } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { NotSentYet } from '../../../lib/not-sent-yet.tsx';

export function UnsentState({
  item,
  onRetry,
  onDiscard,
}: {
  item: Pick<OutboxItem, 'refusal' | 'retryAt' | 'rateLimited'>;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  if (item.refusal === null) {
    return (
      <span className={css({ textStyle: 'xs', color: 'fg.subtle' })}>
        <NotSentYet retryAt={item.retryAt} rateLimited={item.rateLimited} writing="posting" />
      </span>
    );
  }
  return (
    <>
      <span role="alert" className={css({ textStyle: 'xs', color: 'danger.text' })}>
        Not sent: {item.refusal}
      </span>
      <Button size="xs" variant="outline" onClick={onRetry}>
        Retry
      </Button>
      <Button size="xs" variant="ghost" onClick={onDiscard}>
        Discard
      </Button>
    </>
  );
}
