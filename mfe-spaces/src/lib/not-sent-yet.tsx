// "Not sent yet" beside a member's unsent post, comment or message while the outbox keeps sending it,
// with when it goes next ("will retry in 5 s"), and after a 429 why, in a member's words: one story
// told the same way everywhere, never a failure toast for a send that will still go out.
import { notSentYet } from '@community/domain';
import { icons, useSecondsUntil } from '@community/ui';
import { css } from '@community/ui/styled-system/css';

export function NotSentYet({
  retryAt,
  rateLimited,
  writing,
}: {
  retryAt: string | null | undefined;
  rateLimited: boolean | undefined;
  /** What the member does too fast: "posting", "sending messages". */
  writing: string;
}) {
  const secondsLeft = useSecondsUntil(retryAt);
  return (
    <span role="status" className={css({ display: 'inline-flex', alignItems: 'center', gap: '1' })}>
      <icons.AlertTriangle className={css({ w: '3.5', h: '3.5', flexShrink: 0 })} />
      {notSentYet(secondsLeft, rateLimited === true, writing)}
    </span>
  );
}
