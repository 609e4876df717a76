// What a fresh page shows when the server is away before it could say who is signed in, and this tab
// keeps no earlier answer (session.ts): a calm, full-page wait that retries by itself, with the
// Reconnecting… banner above it, instead of the sign-in page or an error.
import { SERVICE_UNAVAILABLE } from '@community/domain';
import { Spinner } from '@community/ui';
import { css } from '@community/ui/styled-system/css';

export function ConnectingPage() {
  return (
    <main
      aria-busy="true"
      className={css({
        minH: '100dvh',
        display: 'grid',
        placeItems: 'center',
        px: '4',
        textAlign: 'center',
      })}
    >
      <div className={css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '3' })}>
        <Spinner size="lg" label={null} />
        <h1 className={css({ textStyle: 'lg', fontWeight: 'semibold' })}>{SERVICE_UNAVAILABLE}</h1>
        <p className={css({ color: 'fg.muted', maxW: 'sm' })}>
          The community will open by itself as soon as the server answers again.
        </p>
      </div>
    </main>
  );
}
