// One room per user: their live notifications, the "your session ended" signal, and their presence.
// Every tab of the member holds a socket here, so this room is where "first tab opened" and "last
// tab gone" are seen. It reports each change once to edge-api (which writes users.last_offline_at and
// tells the presence room); what it last reported is kept in its SQLite storage, so 50 tabs
// reconnecting after a deploy, or one reload within PRESENCE_GRACE_MS, report nothing (ADR 13).
import {
  errorFields,
  INTERNAL_SIGNATURE_HEADER,
  logLine,
  PRESENCE_GRACE_MS,
  type PresenceReport,
  type RoomCommand,
  signInternalBody,
} from '@community/realtime-protocol';
import type { Connection, ConnectionContext } from 'partyserver';
import { type Admitted, CommandRoom } from './command-room.ts';
import { type RealtimeEnv, readConfig } from './config.ts';

/** edge-api's internal presence route (edge-api/src/routes/internal.ts), over the API service binding. */
export const PRESENCE_REPORT_URL = 'https://api.internal/api/internal/presence';

type Status = PresenceReport['status'];

export class UserRoom extends CommandRoom {
  constructor(ctx: DurableObjectState, env: RealtimeEnv) {
    super(ctx, env);
    ctx.storage.sql.exec(
      // One row at most: the status edge-api last accepted from this room (none = unknown).
      'CREATE TABLE IF NOT EXISTS presence (id INTEGER PRIMARY KEY CHECK (id = 1), status TEXT NOT NULL)',
    );
    // Sockets do not survive a restart (a deploy) and their closing is never seen: a room that last
    // reported online and wakes without any checks again after the grace (a tab reconnecting in
    // the meantime keeps the member online without a report).
    if (this.reported() === 'online' && ctx.getWebSockets().length === 0) this.checkAfterGrace();
  }

  override onConnect(connection: Connection<Admitted>, ctx: ConnectionContext): void {
    super.onConnect(connection, ctx);
    if (!connection.state?.userId) return; // refused by CommandRoom: not a tab of this user
    this.reportIfChanged('online');
  }

  override onClose(
    connection: Connection,
    code: number,
    reason: string,
    wasClean: boolean,
  ): void | Promise<void> {
    const closing = super.onClose(connection, code, reason, wasClean);
    if (this.openSockets(connection.id) === 0) this.checkAfterGrace();
    return closing;
  }

  /**
   * A revocation (sign-out, block, delete) closes sockets from this side; the grace check then
   * sees whether any tab is left, whatever the runtime tells onClose.
   */
  protected override afterCommand(command: RoomCommand): void {
    if (command.action === 'revoke') this.checkAfterGrace();
  }

  /** A tab said it is going away or went offline: count again after the grace. */
  protected override async onPresenceRecount(): Promise<Response> {
    const sockets = this.openSockets();
    if (sockets > 0) this.reportIfChanged('online');
    this.checkAfterGrace();
    return Response.json({ sockets });
  }

  /** The grace has passed since the last socket closed (or a recount): offline if nobody came back. */
  override async onAlarm(): Promise<void> {
    if (this.openSockets() > 0) return;
    const report = this.reportIfChanged('offline');
    if (report) await report;
  }

  /** `closing`: the socket being closed, which may still read as open while its close is handled. */
  private openSockets(closing?: string): number {
    let count = 0;
    for (const connection of this.getConnections()) if (connection.id !== closing) count++;
    return count;
  }

  /** A later close or recount moves the check: one alarm, PRESENCE_GRACE_MS after the last of them. */
  private checkAfterGrace(): void {
    this.ctx.waitUntil(this.ctx.storage.setAlarm(Date.now() + PRESENCE_GRACE_MS));
  }

  private reported(): Status | null {
    const row = this.ctx.storage.sql.exec<{ status: Status }>('SELECT status FROM presence').toArray()[0];
    return row?.status ?? null;
  }

  /**
   * Reports `status` unless it is what edge-api last heard. The state is written before the first
   * await, so sockets connecting at the same moment see it and report nothing more.
   */
  private reportIfChanged(status: Status): Promise<void> | null {
    if (this.reported() === status) return null;
    this.ctx.storage.sql.exec(
      'INSERT INTO presence (id, status) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET status = excluded.status',
      status,
    );
    const report = this.report({ userId: this.name, status, at: Date.now() });
    this.ctx.waitUntil(report);
    return report;
  }

  /**
   * One signed call to edge-api. A failure forgets the state (if still ours), so the next socket
   * change or recount reports again instead of trusting a report that never landed.
   */
  private async report(presence: PresenceReport): Promise<void> {
    const body = JSON.stringify(presence);
    try {
      const response = await this.env.API.fetch(PRESENCE_REPORT_URL, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [INTERNAL_SIGNATURE_HEADER]: await signInternalBody(readConfig(this.env).secret, body),
        },
        body,
      });
      if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    } catch (error) {
      logLine('error', 'presence report failed', { room: this.name, ...presence, error: errorFields(error) });
      this.ctx.storage.sql.exec('DELETE FROM presence WHERE status = ?', presence.status);
    }
  }
}
