// What every chat room shares (a space's chat, a direct conversation): committed messages come as
// edge-api's commands (CommandRoom); what only the room knows is who is typing and who is here now.
import { ClientFrame, type ServerEvent, TYPING_INTERVAL_MS } from '@community/realtime-protocol';
import type { Connection, ConnectionContext, WSMessage } from 'partyserver';
import { type Admitted, CommandRoom } from './command-room.ts';
import { CHAT_INBOUND } from './inbound-budget.ts';

/**
 * A client that sends every TYPING_INTERVAL_MS can see two frames arrive a little closer together
 * (network jitter); this much is forgiven, so a person typing never loses a signal and a script
 * looping still gets at most one through per interval.
 */
const TYPING_JITTER_MS = 200;
/**
 * Arrivals and departures this close together make one "who is here" frame: a room of N filling up
 * (everyone reconnecting after a deploy) would otherwise send N frames to up to N sockets each.
 */
export const PRESENCE_COALESCE_MS = 200;

export class ChatRoom extends CommandRoom {
  /** Clients send typing frames: within this budget, checked before onMessage (CommandRoom). */
  protected static override readonly inbound = CHAT_INBOUND;

  private presenceTimer: ReturnType<typeof setTimeout> | null = null;
  override onConnect(connection: Connection<Admitted>, ctx: ConnectionContext): void {
    super.onConnect(connection, ctx);
    this.schedulePresence();
  }

  override onClose(): void {
    this.schedulePresence();
  }

  override onMessage(connection: Connection<Admitted>, message: WSMessage): void {
    if (typeof message !== 'string') return; // never ours; its length was within the budget
    let frame: ClientFrame;
    try {
      frame = ClientFrame.parse(JSON.parse(message));
    } catch {
      return; // not ours to answer: clients only send typing signals
    }
    const sender = connection.state;
    if (frame.type === 'typing' && sender) this.relayTyping(connection, sender);
  }

  /**
   * Those whose ticket says `member` only (a reader of a public space may watch, not type), once per
   * interval per socket.
   */
  private relayTyping(connection: Connection<Admitted>, sender: Admitted): void {
    if (!sender.member) return;
    const now = Date.now();
    if (
      sender.lastTypingAt !== undefined &&
      now - sender.lastTypingAt < TYPING_INTERVAL_MS - TYPING_JITTER_MS
    ) {
      return;
    }
    // In the socket's state (not a Map) so the limit survives the room hibernating.
    connection.setState({ ...sender, lastTypingAt: now });
    const event: ServerEvent = { type: 'typing', userId: sender.userId, name: sender.name };
    this.broadcast(JSON.stringify(event), [connection.id]);
  }

  private schedulePresence(): void {
    if (this.presenceTimer) return;
    this.presenceTimer = setTimeout(() => {
      this.presenceTimer = null;
      this.broadcastPresence();
    }, PRESENCE_COALESCE_MS);
  }

  /** Who has the room open now, to everyone in it, once per burst of arrivals and departures. */
  private broadcastPresence(): void {
    const userIds = new Set<string>();
    for (const connection of this.getConnections<Admitted>()) {
      if (connection.state?.userId) userIds.add(connection.state.userId);
    }
    const event: ServerEvent = { type: 'presence', userIds: [...userIds].sort() };
    this.sendToSockets(JSON.stringify(event));
  }
}
