// The suppression list (issue 32, docs/api.md "Email"): addresses the mail server refused for good,
// which the platform no longer emails. GET /api/admin-panel/email-suppressions?cursor=&limit= →
// Page<EmailSuppression> newest first; DELETE /api/admin-panel/email-suppressions/{email} clears one.
import { api, withQuery } from '@community/api-client';
import type { Page } from '@community/domain';

export type EmailSuppression = {
  email: string;
  /** The mail server's answer, e.g. `550 5.1.1 No such user`. */
  reason: string;
  /** The kind of email that bounced (`invitation`, `unread-messages`…). */
  kind: string;
  createdAt: string;
};

export const SUPPRESSIONS_PAGE_SIZE = 20;

const suppressionsPath = '/api/admin-panel/email-suppressions';

export const getEmailSuppressions = (cursor: string | null, signal?: AbortSignal) =>
  api.get<Page<EmailSuppression>>(withQuery(suppressionsPath, { cursor, limit: SUPPRESSIONS_PAGE_SIZE }), {
    signal,
  });

export const clearEmailSuppression = (email: string) =>
  api.delete<{ email: string }>(`${suppressionsPath}/${encodeURIComponent(email)}`);
