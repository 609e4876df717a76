// `/` for a member who has none of the wall, Events, Spaces, Messages and Members (docs/features.md):
// a calm page instead of an error or an empty screen. The wording is in docs/product-decisions.md.
import { EmptyState, icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';

export const NOTHING_SWITCHED_ON_TITLE = 'Nothing is switched on for your account yet';
export const NOTHING_SWITCHED_ON_TEXT =
  'The community’s pages will appear here once they are turned on for you. Ask a community admin to switch them on.';

export function NothingSwitchedOnPage() {
  return (
    <div className={css({ maxW: 'xl', mx: 'auto', px: '4', py: '16' })}>
      <h1 className={css({ srOnly: true })}>Home</h1>
      <EmptyState
        icon={<icons.Info />}
        title={NOTHING_SWITCHED_ON_TITLE}
        description={NOTHING_SWITCHED_ON_TEXT}
      />
    </div>
  );
}
