// The base of every room: sockets are tagged with the user and session their ticket admitted, and
// edge-api's signed HTTP commands broadcast to them or revoke them. Rooms hold no business data;
// what they store (AdmissionLedger) only makes a ticket single use and a revocation stick.
import {
  CLOSE_CODES,
  logLine,
  type RevocationSelector,
  RoomCommand,
  type ServerEvent,
  sessionTag,
  TicketClaims,
  userTag,
} from '@community/realtime-protocol';
import { type Connection, type ConnectionContext, Server, type WSMessage } from 'partyserver';
import { AdmissionLedger } from './admission-ledger.ts';
import { type RealtimeEnv, readConfig } from './config.ts';
import { InboundBudget, type InboundLimits, LISTEN_ONLY } from './inbound-budget.ts';
import { readSignedCommand } from './signed-command.ts';

/**
 * Set by the worker's entry after it verified the ticket: the ticket's claims as URI-encoded JSON.
 * The entry strips a client's own copy from every request, so only a verified ticket fills it.
 */
export const ADMITTED_HEADER = 'x-community-admitted';

/** WebSocket.readyState of an open socket (the runtime's READY_STATE_OPEN). */
const OPEN = 1;

export type Admitted = {
  userId: string;
  name: string;
  /** A space member (may send typing); false for someone who only reads a public space. */
  member: boolean;
  /** When this connection's last typing frame was accepted (ms), for the per-connection limit. */
  lastTypingAt?: number;
};

/** The verified claims the entry attached, or null when none (a request that bypassed the entry). */
export function admittedClaims(request: Request): TicketClaims | null {
  const header = request.headers.get(ADMITTED_HEADER);
  if (!header) return null;
  try {
    const claims = TicketClaims.safeParse(JSON.parse(decodeURIComponent(header)));
    return claims.success ? claims.data : null;
  } catch {
    return null;
  }
}

export class CommandRoom extends Server<RealtimeEnv> {
  static override options = { hibernate: true };

  /** What this room kind's clients may send (inbound-budget.ts); a room kind that takes frames says so. */
  protected static readonly inbound: InboundLimits | typeof LISTEN_ONLY = LISTEN_ONLY;

  private readonly ledger: AdmissionLedger;
  private readonly budget: InboundBudget;

  constructor(ctx: DurableObjectState, env: RealtimeEnv) {
    super(ctx, env);
    this.ledger = new AdmissionLedger(ctx.storage.sql);
    this.budget = new InboundBudget((this.constructor as typeof CommandRoom).inbound);
  }

  /**
   * Refuses a reused or revoked ticket with a plain HTTP 401 before partyserver upgrades the
   * socket, so the refused client never receives a frame (not even presence).
   */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() === 'websocket') {
      const claims = admittedClaims(request);
      const refusal = claims ? this.ledger.admit(claims) : 'Not admitted';
      if (refusal) return Response.json({ error: refusal }, { status: 401 });
    }
    return super.fetch(request);
  }

  override getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    const claims = admittedClaims(ctx.request);
    return claims ? [userTag(claims.sub), sessionTag(claims.sid)] : ['user:unknown', 'session:unknown'];
  }

  override onConnect(connection: Connection<Admitted>, ctx: ConnectionContext): void {
    const claims = admittedClaims(ctx.request);
    // fetch() admitted only ticket holders; this is a second lock for a misrouted request.
    if (!claims) {
      connection.close(CLOSE_CODES.notAdmitted, 'Not admitted');
      return;
    }
    // Kept with the socket through hibernation.
    connection.setState({ userId: claims.sub, name: claims.name ?? '', member: claims.member === true });
  }

  /**
   * Every client frame passes the room kind's budget first, before partyserver reads the socket's
   * attachment or a room parses anything: a flood costs a map lookup per frame, and its socket is
   * closed with 1008 at the first frame past the budget (frames still in flight are dropped unread).
   */
  override async webSocketMessage(ws: WebSocket, message: WSMessage): Promise<void> {
    const verdict = this.budget.check(ws, message, Date.now());
    if (verdict === 'accept') return super.webSocketMessage(ws, message);
    if (verdict !== 'drop') ws.close(CLOSE_CODES.policyViolation, verdict);
  }

  /** Clients only listen (a listen-only room never gets here), unless a room says otherwise. */
  override onMessage(_connection: Connection, _message: unknown): void {}

  override async onRequest(request: Request): Promise<Response> {
    const read = await readSignedCommand(
      request,
      readConfig(this.env).secret,
      RoomCommand,
      'Unknown command',
    );
    // One JSON line per command, with the id of the edge-api request that sent it (issue 34).
    const trace = { requestId: read.requestId, room: this.name, kind: this.constructor.name };
    if ('refusal' in read) {
      logLine('warn', 'room command refused', { ...trace, status: read.refusal.status });
      return read.refusal;
    }
    const command = read.command;
    if (command.action === 'schedule' || command.action === 'unschedule') {
      logLine('info', 'room command', { ...trace, action: command.action });
      return this.onSchedule(command);
    }
    if (command.action === 'presence-recount') {
      logLine('info', 'room command', { ...trace, action: command.action });
      return this.onPresenceRecount();
    }
    const delivered = this.run(command);
    this.afterCommand(command);
    logLine('info', 'room command', { ...trace, action: command.action, delivered });
    return Response.json({ delivered });
  }

  /** Scheduling is a posts room's (PostsRoom); other rooms refuse it. */
  protected async onSchedule(
    _command: Extract<RoomCommand, { action: 'schedule' | 'unschedule' }>,
  ): Promise<Response> {
    return Response.json({ error: 'This room does not schedule events' }, { status: 400 });
  }

  /** Presence is a user room's (UserRoom); other rooms refuse it. */
  protected async onPresenceRecount(): Promise<Response> {
    return Response.json({ error: 'This room does not track presence' }, { status: 400 });
  }

  /**
   * Sends one frame to every socket in the room, for the worker's fan-out (FanoutShard), which calls
   * it over Durable Object RPC: not reachable from /parties/*, so it needs no signature. Answers how
   * many sockets it reached.
   */
  async deliver(frame: string): Promise<number> {
    return this.sendToSockets(frame);
  }

  /**
   * Sends an already serialised frame to every open socket of the room, or only to those tagged
   * `tag`, and says how many it reached. The hot path of every fan-out: it reads the sockets
   * straight from the runtime instead of partyserver's getConnections(), which deserialises each
   * socket's attachment (and wraps the socket) before a broadcast can use it, work that grows
   * with the room and that a send does not need.
   */
  protected sendToSockets(frame: string, tag?: string): number {
    let delivered = 0;
    for (const socket of this.ctx.getWebSockets(tag)) {
      if (socket.readyState !== OPEN) continue; // closing: its close handler runs on its own
      try {
        socket.send(frame);
        delivered++;
      } catch {
        // closed between the check and the send: nothing to deliver to
      }
    }
    return delivered;
  }

  /**
   * Sends one of edge-api's events to the room's sockets (or those tagged `tag`), serialised once
   * whatever the number of sockets; says how many it reached. A room kind may hold some back to
   * send them together (ChatRoom).
   */
  protected broadcastEvent(event: ServerEvent, tag?: string): number {
    return this.sendToSockets(JSON.stringify(event), tag);
  }

  /** A room kind's hook to keep its per-socket state in step with what edge-api announced. */
  protected afterCommand(_command: RoomCommand): void {}

  /** Applies a command and says how many sockets it reached. */
  private run(command: Extract<RoomCommand, { action: 'broadcast' | 'revoke' }>): number {
    if (command.action === 'broadcast') return this.broadcastEvent(command.event, command.tag);
    const frame = command.event ? JSON.stringify(command.event) : null;
    // Recorded before closing: a socket opening meanwhile with an older ticket is refused too.
    this.ledger.record(command.by, command.at);
    const targets = this.matching(command.by);
    for (const connection of targets) {
      if (frame) connection.send(frame);
      connection.close(CLOSE_CODES.revoked, 'Access ended');
    }
    return targets.length;
  }

  private matching(by: RevocationSelector): Connection<Admitted>[] {
    if ('user' in by) return [...this.getConnections<Admitted>(userTag(by.user))];
    if ('session' in by) return [...this.getConnections<Admitted>(sessionTag(by.session))];
    const members = new Set(by.notIn);
    return [...this.getConnections<Admitted>()].filter((c) => !members.has(c.state?.userId ?? ''));
  }
}
