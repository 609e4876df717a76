// One posts room per space (its wall): edge-api sends post and comment events after the commit,
// and events to be sent later (a scheduled post) which the room keeps in its SQLite storage and
// broadcasts from a Durable Object alarm. Clients only listen. The database stays the source of
// truth: a wall loaded over HTTP shows a post once its published_at has passed, whether or not
// the broadcast happened; the alarm only makes it appear live on walls already open. The event
// pages of the space listen here too (`event.changed`), held back per event (see below).
import { EVENT_CHANGES_COALESCE_MS, type RoomCommand, ServerEvent } from '@community/realtime-protocol';
import { CommandRoom } from './command-room.ts';
import type { RealtimeEnv } from './config.ts';

type ScheduledRow = { id: string; at: number; event: string };

/** More than this many pending events in one space is not a wall anyone writes by hand. */
const MAX_SCHEDULED = 10_000;

export class PostsRoom extends CommandRoom {
  constructor(ctx: DurableObjectState, env: RealtimeEnv) {
    super(ctx, env);
    ctx.storage.sql.exec(`
      CREATE TABLE IF NOT EXISTS scheduled_events (
        id TEXT PRIMARY KEY,    -- the post's id: scheduling it again replaces it
        at INTEGER NOT NULL,    -- when to broadcast (ms, edge-api's clock)
        event TEXT NOT NULL     -- the ServerEvent as JSON, checked when it was scheduled
      );
      CREATE INDEX IF NOT EXISTS scheduled_events_at ON scheduled_events (at);
    `);
  }

  /** When each event's last `event.changed` went out, and the events whose next one is held. */
  private readonly eventChangesSentAt = new Map<string, number>();
  private readonly heldEventChanges = new Set<string>();

  protected override broadcastEvent(event: ServerEvent, tag?: string): number {
    if (tag !== undefined || event.type !== 'event.changed') return super.broadcastEvent(event, tag);
    const open = this.ctx.getWebSockets().length;
    const wait = (this.eventChangesSentAt.get(event.eventId) ?? 0) + EVENT_CHANGES_COALESCE_MS - Date.now();
    if (wait <= 0) this.sendEventChanged(event.eventId);
    else if (!this.heldEventChanges.has(event.eventId)) {
      this.heldEventChanges.add(event.eventId);
      setTimeout(() => {
        this.heldEventChanges.delete(event.eventId);
        this.sendEventChanged(event.eventId);
      }, wait);
    }
    return open;
  }

  private sendEventChanged(eventId: string): void {
    const now = Date.now();
    // Forget the spells that are over, so a space's many events do not pile up here.
    for (const [id, at] of this.eventChangesSentAt)
      if (at + EVENT_CHANGES_COALESCE_MS <= now) this.eventChangesSentAt.delete(id);
    this.eventChangesSentAt.set(eventId, now);
    super.broadcastEvent({ type: 'event.changed', eventId });
  }

  protected override async onSchedule(
    command: Extract<RoomCommand, { action: 'schedule' | 'unschedule' }>,
  ): Promise<Response> {
    const sql = this.ctx.storage.sql;
    if (command.action === 'unschedule') {
      sql.exec('DELETE FROM scheduled_events WHERE id = ?', command.id);
    } else {
      const pending = sql.exec<{ n: number }>('SELECT count(*) AS n FROM scheduled_events').one().n;
      const replacing = sql.exec('SELECT 1 FROM scheduled_events WHERE id = ?', command.id).toArray();
      if (pending >= MAX_SCHEDULED && replacing.length === 0) {
        return Response.json({ error: 'Too many scheduled events in this room' }, { status: 429 });
      }
      sql.exec(
        `INSERT INTO scheduled_events (id, at, event) VALUES (?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET at = excluded.at, event = excluded.event`,
        command.id,
        command.at,
        JSON.stringify(command.event),
      );
    }
    // An `at` already past is due now: sent before answering, like a broadcast.
    const delivered = this.sendDue();
    await this.rearm();
    const pending = sql.exec<{ n: number }>('SELECT count(*) AS n FROM scheduled_events').one().n;
    return Response.json({ scheduled: command.action === 'schedule', delivered, pending });
  }

  /** Sends whatever is due; alarms are retried by the runtime if this throws. */
  override async onAlarm(): Promise<void> {
    this.sendDue();
    await this.rearm();
  }

  /** Broadcasts every event whose time has come, oldest first, and forgets it. */
  private sendDue(now = Date.now()): number {
    const sql = this.ctx.storage.sql;
    const due = sql
      .exec<ScheduledRow>('SELECT id, at, event FROM scheduled_events WHERE at <= ? ORDER BY at, id', now)
      .toArray();
    let delivered = 0;
    for (const row of due) {
      sql.exec('DELETE FROM scheduled_events WHERE id = ?', row.id);
      const event = ServerEvent.safeParse(JSON.parse(row.event));
      if (!event.success) continue; // stored by an older protocol: nothing a client could read
      const frame = JSON.stringify(event.data);
      for (const connection of this.getConnections()) {
        connection.send(frame);
        delivered++;
      }
    }
    return delivered;
  }

  /** One alarm, at the earliest pending event (or none). */
  private async rearm(): Promise<void> {
    const next = this.ctx.storage.sql
      .exec<{ at: number | null }>('SELECT min(at) AS at FROM scheduled_events')
      .one().at;
    if (next === null) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(next);
  }
}
