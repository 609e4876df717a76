// Fan-out of one event to many user rooms (FanoutCommand, ADR 13). edge-api makes ONE signed call
// to the worker (`POST https://realtime.internal/fanout`); the worker splits the recipients into
// shards of SHARD_SIZE and hands each to its own FanoutShard Durable Object, which calls each
// recipient's user room over Durable Object RPC. No invocation then makes more than a few hundred
// subrequests, so a 10,000-member space is 40 shards running side by side, not 10,000 calls from the
// request that caused it.

import { DurableObject } from 'cloudflare:workers';
import { errorFields, FanoutCommand, logLine, type ServerEvent } from '@community/realtime-protocol';
import type { RealtimeEnv } from './config.ts';
import { readSignedCommand } from './signed-command.ts';

/** Recipients per shard: well under a Worker invocation's subrequest limit. */
export const SHARD_SIZE = 250;
/** User rooms a shard calls at once. */
const SHARD_CONCURRENCY = 32;

type Recipient = FanoutCommand['recipients'][number];
export type FanoutResult = { delivered: number; failed: number };

/** The frame one recipient gets: a notification carries that recipient's own row id. */
function frameFor(event: ServerEvent, recipient: Recipient, shared: string): string {
  if (event.type !== 'notification' || !recipient.notificationId) return shared;
  return JSON.stringify({ ...event, id: recipient.notificationId });
}

export class FanoutShard extends DurableObject<RealtimeEnv> {
  /** Delivers `event` to each recipient's user room; says how many sockets it reached. */
  async deliver(recipients: Recipient[], event: ServerEvent): Promise<FanoutResult> {
    const shared = JSON.stringify(event);
    const rooms = this.env.UserRoom;
    let delivered = 0;
    let failed = 0;
    let next = 0;
    const worker = async () => {
      while (next < recipients.length) {
        const recipient = recipients[next++] as Recipient;
        try {
          // idFromName(userId) is how partyserver names `/parties/user-room/{userId}`: the same
          // object the member's sockets are in.
          const room = rooms.get(rooms.idFromName(recipient.userId));
          delivered += await room.deliver(frameFor(event, recipient, shared));
        } catch (error) {
          failed++;
          if (failed === 1)
            logLine('error', 'fan-out to a user room failed', {
              userId: recipient.userId,
              error: errorFields(error),
            });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(SHARD_CONCURRENCY, recipients.length) }, worker));
    return { delivered, failed };
  }
}

/**
 * The worker's `POST /fanout`: only with edge-api's signature (checked before the body is parsed).
 * Answers `{ delivered, failed }` once every shard has finished.
 */
export async function handleFanout(request: Request, env: RealtimeEnv, secret: string): Promise<Response> {
  const read = await readSignedCommand(request, secret, FanoutCommand, 'Invalid fan-out command');
  if ('refusal' in read) {
    logLine('warn', 'fan-out refused', { requestId: read.requestId, status: read.refusal.status });
    return read.refusal;
  }
  const { recipients, event } = read.command;
  const shards: Promise<FanoutResult>[] = [];
  for (let start = 0; start < recipients.length; start += SHARD_SIZE) {
    // A fresh object per shard, so shards run in parallel rather than queue on one object.
    const shard = env.FanoutShard.get(env.FanoutShard.newUniqueId());
    shards.push(shard.deliver(recipients.slice(start, start + SHARD_SIZE), event));
  }
  const results = await Promise.allSettled(shards);
  let delivered = 0;
  let failed = 0;
  results.forEach((result, index) => {
    if (result.status === 'fulfilled') {
      delivered += result.value.delivered;
      failed += result.value.failed;
    } else {
      failed += Math.min(SHARD_SIZE, recipients.length - index * SHARD_SIZE);
      logLine('error', 'fan-out shard failed', {
        requestId: read.requestId,
        shard: index,
        error: errorFields(result.reason),
      });
    }
  });
  logLine(failed > 0 ? 'warn' : 'info', 'fan-out', {
    requestId: read.requestId,
    recipients: recipients.length,
    delivered,
    failed,
  });
  return Response.json({ delivered, failed });
}
