// What every chat room shares (a space's chat, a direct conversation): committed messages come as
// edge-api's commands (CommandRoom); what only the room knows is who is typing and who is here now.
import {
  ClientFrame,
  type MessageUpdatesEvent,
  type ServerEvent,
  TYPING_INTERVAL_MS,
  UPDATES_PER_FRAME,
} from '@community/realtime-protocol';
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
/**
 * Changes to sent messages (an edit, a reaction) go out at most once per this long: the first of a
 * quiet spell at once, the ones after it together when the spell is over. 50 reactions a second in
 * a room of 1,000 are then 10 frames a second per socket instead of 50 (10,000 sends a second, not
 * 50,000), each at most this late.
 */
export const UPDATES_COALESCE_MS = 100;

type MessageChange = MessageUpdatesEvent['events'][number];
const isMessageChange = (event: ServerEvent): event is MessageChange =>
  event.type === 'message.updated' || event.type === 'dm.updated';

export class ChatRoom extends CommandRoom {
  /** Clients send typing frames: within this budget, checked before onMessage (CommandRoom). */
  protected static override readonly inbound = CHAT_INBOUND;

  private presenceTimer: ReturnType<typeof setTimeout> | null = null;
  /** Changes held back, by message id (only its newest), in the order their messages first changed. */
  private readonly pendingChanges = new Map<string, MessageChange>();
  private changesTimer: ReturnType<typeof setTimeout> | null = null;
  private changesSentAt = 0;

  /**
   * A change to a sent message waits for the room's next changes frame; anything else goes at once,
   * after the changes that came before it (a delete never overtakes the edit it follows).
   */
  protected override broadcastEvent(event: ServerEvent, tag?: string): number {
    if (tag === undefined && isMessageChange(event)) return this.queueChange(event);
    this.sendChanges();
    return super.broadcastEvent(event, tag);
  }

  /** Says how many sockets the change will reach (those open now). */
  private queueChange(event: MessageChange): number {
    const held = this.pendingChanges.get(event.message.id);
    if (!held || held.message.rev < event.message.rev) this.pendingChanges.set(event.message.id, event);
    const open = this.ctx.getWebSockets().length;
    const wait = this.changesSentAt + UPDATES_COALESCE_MS - Date.now();
    if (wait <= 0 || this.pendingChanges.size >= UPDATES_PER_FRAME) this.sendChanges();
    else this.changesTimer ??= setTimeout(() => this.sendChanges(), wait);
    return open;
  }

  /** One frame for what is held: the event itself when it is one, else an `updates` frame. */
  private sendChanges(): void {
    if (this.changesTimer) clearTimeout(this.changesTimer);
    this.changesTimer = null;
    if (this.pendingChanges.size === 0) return;
    const events = [...this.pendingChanges.values()];
    this.pendingChanges.clear();
    this.changesSentAt = Date.now();
    const frame: ServerEvent =
      events.length === 1 ? (events[0] as MessageChange) : { type: 'updates', events };
    this.sendToSockets(JSON.stringify(frame));
  }
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
