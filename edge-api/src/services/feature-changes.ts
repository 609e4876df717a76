// After a member's feature switches change (admin panel: Features, or the edit form), once the
// write has committed: their open pages learn it from their user room (`features.changed`), and
// their sockets in rooms of the kinds now off close at once (ADR 9's one revoke command).
import type { Config } from '../config.ts';
import type { Database } from '../db.ts';
import { publishToUser, revokeRealtimeAccess } from './realtime.ts';

export async function announceFeatureChange(
  realtime: Fetcher,
  config: Config,
  db: Database,
  userId: string,
  features: readonly { feature: string; enabled: boolean }[],
): Promise<void> {
  await Promise.all([
    publishToUser(realtime, config, userId, { type: 'features.changed', features: [...features] }),
    revokeRealtimeAccess(realtime, config, db, { kind: 'features', userId, features }),
  ]);
}
