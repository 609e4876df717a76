// The content's error under the editor: for empty content the spec's title and hint ("Post is empty"
// / "Comment is empty", "Please type something or attach a file"), otherwise the one message.
import { css } from '@community/ui/styled-system/css';

export function EmptyContentAlert({
  id,
  title,
  message,
}: {
  id: string;
  title: string | null;
  message: string;
}) {
  return (
    <div id={id} role="alert" className={css({ textStyle: 'xs', color: 'danger.text' })}>
      {title ? <strong className={css({ display: 'block', fontWeight: 'semibold' })}>{title}</strong> : null}
      <span>{message}</span>
    </div>
  );
}
