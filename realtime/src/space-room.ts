// One room per space: committed messages and member changes (sent by edge-api after the database
// commit), plus what only the room knows: who is typing and who is here now.
import { ClientFrame, type ServerEvent } from '@community/realtime-protocol';
import type { Connection, ConnectionContext, WSMessage } from 'partyserver';
import { type Admitted, CommandRoom } from './command-room.ts';

export class SpaceRoom extends CommandRoom {
  override onConnect(connection: Connection<Admitted>, ctx: ConnectionContext): void {
    super.onConnect(connection, ctx);
    this.broadcastPresence();
  }

  override onClose(): void {
    this.broadcastPresence();
  }

  override onMessage(connection: Connection<Admitted>, message: WSMessage): void {
    if (typeof message !== 'string' || message.length > 1000) return;
    let frame: ClientFrame;
    try {
      frame = ClientFrame.parse(JSON.parse(message));
    } catch {
      return; // not ours to answer: clients only send typing signals
    }
    const sender = connection.state;
    if (frame.type === 'typing' && sender) {
      const event: ServerEvent = { type: 'typing', userId: sender.userId, name: sender.name };
      this.broadcast(JSON.stringify(event), [connection.id]);
    }
  }

  private broadcastPresence(): void {
    const userIds = new Set<string>();
    for (const connection of this.getConnections<Admitted>()) {
      if (connection.state?.userId) userIds.add(connection.state.userId);
    }
    const event: ServerEvent = { type: 'presence', userIds: [...userIds].sort() };
    this.broadcast(JSON.stringify(event));
  }
}
