// The community's presence room (presence-room/community): every signed-in tab listens here for
// online dots. edge-api broadcasts `presence.changed` after it wrote a user room's report; the room
// keeps who is online in its SQLite storage (advisory: the database is the truth for "last seen")
// so that each socket gets a `presence.snapshot` as it connects. Clients only listen.
import type { RoomCommand, ServerEvent } from '@community/realtime-protocol';
import type { Connection, ConnectionContext } from 'partyserver';
import { type Admitted, CommandRoom } from './command-room.ts';
import type { RealtimeEnv } from './config.ts';

export class PresenceRoom extends CommandRoom {
  constructor(ctx: DurableObjectState, env: RealtimeEnv) {
    super(ctx, env);
    ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS online (user_id TEXT PRIMARY KEY)');
  }

  override onConnect(connection: Connection<Admitted>, ctx: ConnectionContext): void {
    super.onConnect(connection, ctx);
    if (!connection.state?.userId) return; // refused by CommandRoom
    const online = this.ctx.storage.sql
      .exec<{ user_id: string }>('SELECT user_id FROM online ORDER BY user_id')
      .toArray()
      .map((row) => row.user_id);
    const snapshot: ServerEvent = { type: 'presence.snapshot', online };
    connection.send(JSON.stringify(snapshot));
  }

  /** The broadcast already went out; the set follows it for the next snapshot. */
  protected override afterCommand(command: RoomCommand): void {
    if (command.action !== 'broadcast' || command.event.type !== 'presence.changed') return;
    const { userId, lastOfflineAt } = command.event;
    if (lastOfflineAt === null) {
      this.ctx.storage.sql.exec('INSERT INTO online (user_id) VALUES (?) ON CONFLICT DO NOTHING', userId);
    } else {
      this.ctx.storage.sql.exec('DELETE FROM online WHERE user_id = ?', userId);
    }
  }
}
