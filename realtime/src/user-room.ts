// One room per user: their live notifications and the "your session ended" signal. Sockets are
// tagged with the session and user they were admitted for, so edge-api can close exactly those.
import {
  INTERNAL_SIGNATURE_HEADER,
  RoomCommand,
  sessionTag,
  userTag,
  verifyInternalBody,
} from '@community/realtime-protocol';
import { type Connection, type ConnectionContext, Server } from 'partyserver';
import { type RealtimeEnv, readConfig } from './config.ts';

/** Headers set by the worker's entry after it verified the ticket; clients cannot forge them. */
export const ADMITTED_USER_HEADER = 'x-community-admitted-user';
export const ADMITTED_SESSION_HEADER = 'x-community-admitted-session';

const CLOSE_POLICY_VIOLATION = 4001;

export class UserRoom extends Server<RealtimeEnv> {
  static override options = { hibernate: true };

  override getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    const userId = ctx.request.headers.get(ADMITTED_USER_HEADER);
    const sessionId = ctx.request.headers.get(ADMITTED_SESSION_HEADER);
    return [userId ? userTag(userId) : 'user:unknown', sessionId ? sessionTag(sessionId) : 'session:unknown'];
  }

  override onConnect(connection: Connection, ctx: ConnectionContext): void {
    // The entry worker admits only ticket holders; this is a second lock for a misrouted request.
    if (!ctx.request.headers.get(ADMITTED_USER_HEADER))
      connection.close(CLOSE_POLICY_VIOLATION, 'Not admitted');
  }

  /** Clients only listen here; anything they send is ignored. */
  override onMessage(): void {}

  override async onRequest(request: Request): Promise<Response> {
    if (request.method !== 'POST') return Response.json({ error: 'Method not allowed' }, { status: 405 });
    const body = await request.text();
    const { secret } = readConfig(this.env);
    if (!(await verifyInternalBody(secret, request.headers.get(INTERNAL_SIGNATURE_HEADER), body))) {
      return Response.json({ error: 'Forbidden' }, { status: 403 });
    }
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return Response.json({ error: 'Malformed JSON in request body' }, { status: 400 });
    }
    const command = RoomCommand.safeParse(json);
    if (!command.success) return Response.json({ error: 'Unknown command' }, { status: 400 });
    return Response.json({ delivered: this.run(command.data) });
  }

  /** Applies a command and says how many sockets it reached. */
  private run(command: RoomCommand): number {
    const targets = [...this.getConnections(command.tag)];
    const frame = command.event ? JSON.stringify(command.event) : null;
    for (const connection of targets) {
      if (frame) connection.send(frame);
      if (command.action === 'close') connection.close(1000, 'Session ended');
    }
    return targets.length;
  }
}
