// One small "Reconnecting…" note under the top bar while the API or the realtime sockets are away
// (use-reconnecting.ts decides when), or at the top of pages without a top bar, above their card
// (it covered the complete-profile heading). It floats over the page without catching the pointer, so
// nothing under it is blocked, and the live region is always in the page so screen readers hear it
// appear and go.
import { RECONNECTING } from '@community/domain';
import { Spinner } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type ReconnectingOptions, useReconnecting } from './use-reconnecting.ts';

export function ReconnectingBanner({
  underTopBar = true,
  ...options
}: ReconnectingOptions & {
  /** Just under the top bar; false on pages without one (sign-in, complete profile), at the very top. */
  underTopBar?: boolean;
}) {
  const shown = useReconnecting(options);
  return (
    <div
      role="status"
      aria-live="polite"
      data-under-top-bar={underTopBar}
      className={css({
        position: 'fixed',
        top: 'calc(token(sizes.topbar) + token(spacing.2))',
        '&[data-under-top-bar=false]': { top: '2' },
        insetInline: '0',
        zIndex: 'toast',
        display: 'flex',
        justifyContent: 'center',
        px: '4',
        pointerEvents: 'none',
      })}
    >
      {shown ? (
        <p
          data-testid="reconnecting-banner"
          className={css({
            display: 'inline-flex',
            alignItems: 'center',
            gap: '2',
            maxW: 'full',
            px: '3',
            py: '1.5',
            borderRadius: 'full',
            borderWidth: '1px',
            bg: 'bg.default',
            color: 'fg.muted',
            textStyle: 'sm',
            boxShadow: 'sm',
          })}
        >
          <Spinner size="sm" label={null} />
          {RECONNECTING}
        </p>
      ) : null}
    </div>
  );
}
