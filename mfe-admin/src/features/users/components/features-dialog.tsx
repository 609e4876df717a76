// The Features dialog of a user (spec section 2): the eight feature switches. Each switch takes effect
// at once (PATCH ?operation=updateFeatures with that one feature); the user's next request obeys it.
// A refused change flips the switch back and shows the server's text, else "Something went wrong".
import { ApiError, referenceOf } from '@community/api-client';
import {
  FEATURE_KEYS,
  type FeatureKey,
  SOMETHING_WENT_WRONG,
  USER_FEATURES_UPDATED,
  type User,
} from '@community/domain';
import { toast } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useState } from 'react';
import { AdminDialog } from '../../../components/admin-dialog.tsx';
import { Switch } from '../../../components/switch.tsx';
import { updateUserFeatures } from '../api/user-writes.ts';
import { FEATURE_LABELS } from '../lib/feature-labels.ts';

const enabledIn = (user: User, feature: FeatureKey) =>
  user.features.some((f) => f.feature === feature && f.enabled);

export function FeaturesDialog({
  user,
  onSaved,
  onClose,
}: {
  user: User;
  onSaved: (user: User) => void;
  onClose: () => void;
}) {
  const [enabled, setEnabled] = useState(() => new Set(FEATURE_KEYS.filter((key) => enabledIn(user, key))));
  const [pending, setPending] = useState<ReadonlySet<FeatureKey>>(new Set());

  async function toggle(feature: FeatureKey, on: boolean) {
    const flip = (value: boolean) =>
      setEnabled((current) => {
        const next = new Set(current);
        if (value) next.add(feature);
        else next.delete(feature);
        return next;
      });
    flip(on);
    setPending((current) => new Set(current).add(feature));
    try {
      const saved = await updateUserFeatures(user.id, [{ feature, enabled: on }]);
      toast.success(USER_FEATURES_UPDATED);
      onSaved(saved);
    } catch (error) {
      console.error('[admin] features', error);
      flip(!on);
      const message = error instanceof ApiError && error.status !== 0 ? error.message : SOMETHING_WENT_WRONG;
      toast.error(message, undefined, { reference: referenceOf(error) });
    } finally {
      setPending((current) => {
        const next = new Set(current);
        next.delete(feature);
        return next;
      });
    }
  }

  return (
    <AdminDialog
      title="Manage Features"
      description={`What ${user.firstName} ${user.lastName} can use. Changes apply at once.`}
      onClose={onClose}
      size="sm"
    >
      <ul className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        {FEATURE_KEYS.map((feature) => (
          <li key={feature}>
            <Switch
              label={FEATURE_LABELS[feature]}
              checked={enabled.has(feature)}
              disabled={pending.has(feature)}
              onChange={(event) => toggle(feature, event.target.checked)}
            />
          </li>
        ))}
      </ul>
    </AdminDialog>
  );
}
