// Calls from the realtime worker (over its API service binding), never from a browser. They sit
// under /api, so anyone could send one: the REALTIME secret's signature over the body is the
// right, checked before the body is parsed (403 otherwise, whoever is signed in).
import { INTERNAL_SIGNATURE_HEADER, PresenceReport, verifyInternalBody } from '@community/realtime-protocol';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.ts';
import { badRequest, forbidden } from '../lib/errors.ts';
import { isUuid } from '../middleware/access.ts';
import { recordPresence } from '../services/presence.ts';
import { publishPresence } from '../services/realtime.ts';

type SignedEnv = AppEnv & { Variables: AppEnv['Variables'] & { signedBody: string } };

/** The body, once its signature holds; 403 before anything in it is looked at. */
const signedByRealtime = createMiddleware<SignedEnv>(async (c, next) => {
  const body = await c.req.text();
  const signature = c.req.header(INTERNAL_SIGNATURE_HEADER) ?? null;
  if (!(await verifyInternalBody(c.var.config.realtimeSecret, signature, body))) throw forbidden();
  c.set('signedBody', body);
  await next();
});

function parseReport(body: string): PresenceReport {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw badRequest('Malformed JSON in request body');
  }
  const report = PresenceReport.safeParse(json);
  if (!report.success || !isUuid(report.data.userId)) throw badRequest('Invalid presence report');
  return report.data;
}

export const internalRoutes = new Hono<SignedEnv>()
  /**
   * A user room's presence report: writes `users.last_offline_at`, then tells the presence room.
   * `{ applied: false }` for a report older than the state already written (nothing is sent).
   */
  .post('/presence', signedByRealtime, async (c) => {
    const report = parseReport(c.var.signedBody);
    const written = await recordPresence(c.var.db(), report);
    if (!written) return c.json({ applied: false }, 200);
    await publishPresence(c.env.REALTIME, c.var.config, report.userId, written.lastOfflineAt);
    return c.json({ applied: true }, 200);
  });
