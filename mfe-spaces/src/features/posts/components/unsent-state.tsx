// What an unsent post or comment says beside its author: "Not sent yet" while the outbox keeps
// sending it by itself, or the server's refusal with Retry (same clientKey) and Discard.
import { NOT_SENT_YET } from '@community/domain';
import { Button, icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';

export function UnsentState({
  refusal,
  onRetry,
  onDiscard,
}: {
  refusal: string | null;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  if (refusal === null) {
    return (
      <span
        role="status"
        className={css({
          display: 'inline-flex',
          alignItems: 'center',
          gap: '1',
          textStyle: 'xs',
          color: 'fg.subtle',
        })}
      >
        <icons.AlertTriangle className={css({ w: '3.5', h: '3.5' })} />
        {NOT_SENT_YET}
      </span>
    );
  }
  return (
    <>
      <span role="alert" className={css({ textStyle: 'xs', color: 'danger.text' })}>
        Not sent: {refusal}
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
