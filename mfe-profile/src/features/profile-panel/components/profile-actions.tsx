import { session } from '@community/api-client';
import { type FeatureSwitch, hasFeature, type Role } from '@community/domain';
import { Button, closeModal, icons, openModal } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { button } from '@community/ui/styled-system/recipes';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';

/** Spec section 6: the Admin Panel button shows for roles containing ADMIN (ADMIN, SUPER_ADMIN). */
export const canOpenAdminPanel = (role: Role) => role.includes('ADMIN');

const row = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });

export function OwnProfileActions({ role }: { role: Role }) {
  const [, navigate] = useLocation();
  return (
    <div className={row}>
      {canOpenAdminPanel(role) ? (
        <Button variant="outline" size="sm" onClick={() => openModal('adminPanel')}>
          <icons.ShieldCheck aria-hidden="true" />
          Admin Panel
        </Button>
      ) : null}
      {/* The wizard replaces the panel (one modal at a time) and brings it back when it closes. */}
      <Button variant="outline" size="sm" onClick={() => openModal('editProfile', { returnTo: 'profile' })}>
        <icons.User aria-hidden="true" />
        Edit Profile
      </Button>
      <Button
        variant="outline"
        size="sm"
        className={css({ colorPalette: 'danger', color: 'danger.text' })}
        onClick={() => {
          closeModal();
          navigate('/auth/sign-out');
        }}
      >
        <icons.LogOut aria-hidden="true" />
        Logout
      </Button>
    </div>
  );
}

/** Direct messages need the `messages` feature (the API answers 403 without it). */
export const canMessage = (features: readonly Readonly<FeatureSwitch>[] | undefined): boolean =>
  hasFeature({ features }, 'messages');

/** Someone else's profile: Message (for viewers with the `messages` feature) closes the panel and opens the conversation. */
export function OtherProfileActions({ userId }: { userId: string }) {
  const { user: viewer } = useSnapshot(session);
  if (!canMessage(viewer?.features)) return null;
  return (
    <div className={row}>
      <Link
        href={`/community/conversations/${encodeURIComponent(userId)}`}
        onClick={() => closeModal()}
        className={button({ size: 'sm' })}
      >
        <icons.MessageCircle aria-hidden="true" />
        Message
      </Link>
    </div>
  );
}
