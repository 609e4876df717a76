// How an audit entry reads in the log: the action in words, its target, and the changed fields as
// short "field: value" texts. Pure, so it is tested without rendering.
import type { AuditEntry } from '../api/get-audit.ts';

const ACTIONS: Record<string, string> = {
  'user.add': 'Added user',
  'user.edit': 'Edited user',
  'user.updateFeatures': 'Changed features',
  'user.block': 'Blocked user',
  'user.reactivate': 'Reactivated user',
  'user.delete': 'Deleted user',
  'user.import': 'Imported users',
  'community.update': 'Updated community',
  'community.welcome': 'Edited welcome text',
  'invite.create': 'Created invitation',
  'admin.updateInfo': 'Updated admin info',
  'urls.add': 'Added URLs',
  'urls.delete': 'Deleted URL',
  'event.cancel': 'Cancelled event',
  'event.restore': 'Restored event',
  'event.delete': 'Deleted event',
  'email.unsuppress': 'Cleared bounced address',
};

export const actionLabel = (action: string) => ACTIONS[action] ?? action;

const TARGET_TYPES: Record<AuditEntry['targetType'], string> = {
  user: 'User',
  community: 'Community',
  invite: 'Invitation',
  url: 'URL',
  event: 'Event',
  email: 'Email address',
};

export function targetLabel(entry: AuditEntry): string {
  const changes = entry.changes ?? {};
  const hint =
    entry.targetName ??
    (typeof changes.email === 'string' ? changes.email : null) ??
    (typeof changes.url === 'string' ? changes.url : null) ??
    (entry.targetType === 'event' && typeof changes.title === 'string' ? changes.title : null);
  const type = TARGET_TYPES[entry.targetType] ?? entry.targetType;
  if (hint) return `${type}: ${hint}`;
  return entry.targetId ? `${type} ${entry.targetId.slice(0, 8)}` : type;
}

const MAX_VALUE_LENGTH = 80;

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) {
    // Feature switches read "events off, posts on"; other lists are joined.
    const parts = value.map((item) =>
      item && typeof item === 'object' && 'feature' in item
        ? `${String((item as { feature: unknown }).feature)} ${(item as { enabled?: unknown }).enabled ? 'on' : 'off'}`
        : valueText(item),
    );
    return parts.length === 0 ? 'none' : parts.join(', ');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const clip = (text: string) =>
  text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;

/** "job: Architect", "features: events off", "created: 12", one per changed field. */
export function changedFields(entry: AuditEntry): string[] {
  return Object.entries(entry.changes ?? {}).map(([field, value]) => clip(`${field}: ${valueText(value)}`));
}
