// The top bar's bell. The notifications menu (its list, and through the kit's Menu, Ark UI's menu
// machine and the popper that places it) is downloaded on the first click, not with every signed-in
// page (issue #13, ADR 17): until then the bell is a plain button that looks and reads the same (the
// unread count comes from the notifications store, which the signed-in frame keeps anyway). Rendered
// with `defaultOpen`, the menu opens as soon as its parts are there.
import { lazy, Suspense, useState } from 'react';
import { useSnapshot } from 'valtio';
import { NotificationsBellButton } from './bell-button.tsx';
import { notifications } from './notifications-store.ts';

const loadMenu = () => import('./notifications-menu.tsx');
const NotificationsMenu = lazy(() => loadMenu().then((module) => ({ default: module.NotificationsMenu })));

export function NotificationsBell() {
  const { unreadCount } = useSnapshot(notifications.state);
  const [wanted, setWanted] = useState(false);
  const bellButton = (onClick?: () => void) => (
    <NotificationsBellButton
      unread={unreadCount}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={onClick}
      // A pointer on its way to the bell starts the download, so the menu is usually there by the click.
      onPointerEnter={() => void loadMenu()}
    />
  );
  if (!wanted) {
    return bellButton(() => {
      if (notifications.state.status === 'error') void notifications.load();
      setWanted(true);
    });
  }
  return (
    <Suspense fallback={bellButton()}>
      <NotificationsMenu defaultOpen />
    </Suspense>
  );
}
