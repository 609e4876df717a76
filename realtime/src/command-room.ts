// The base of every room: sockets are tagged with the user and session their ticket admitted, and
// edge-api's signed HTTP commands broadcast to them or close them. Rooms hold no business data.
import {
  INTERNAL_SIGNATURE_HEADER,
  RoomCommand,
  sessionTag,
  userTag,
  verifyInternalBody,
} from '@community/realtime-protocol';
import { type Connection, type ConnectionContext, Server } from 'partyserver';
import { type RealtimeEnv, readConfig } from './config.ts';

/** Set by the worker's entry after it verified the ticket; a client's own copies are replaced. */
export const ADMITTED_USER_HEADER = 'x-community-admitted-user';
export const ADMITTED_SESSION_HEADER = 'x-community-admitted-session';
export const ADMITTED_NAME_HEADER = 'x-community-admitted-name';

export type Admitted = { userId: string; name: string };

const CLOSE_POLICY_VIOLATION = 4001;

export class CommandRoom extends Server<RealtimeEnv> {
  static override options = { hibernate: true };

  override getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    const userId = ctx.request.headers.get(ADMITTED_USER_HEADER);
    const sessionId = ctx.request.headers.get(ADMITTED_SESSION_HEADER);
    return [userId ? userTag(userId) : 'user:unknown', sessionId ? sessionTag(sessionId) : 'session:unknown'];
  }

  override onConnect(connection: Connection<Admitted>, ctx: ConnectionContext): void {
    const userId = ctx.request.headers.get(ADMITTED_USER_HEADER);
    // The entry worker admits only ticket holders; this is a second lock for a misrouted request.
    if (!userId) {
      connection.close(CLOSE_POLICY_VIOLATION, 'Not admitted');
      return;
    }
    // Kept with the socket through hibernation.
    connection.setState({
      userId,
      name: decodeURIComponent(ctx.request.headers.get(ADMITTED_NAME_HEADER) ?? ''),
    });
  }

  /** Clients only listen, unless a room says otherwise. */
  override onMessage(_connection: Connection, _message: unknown): void {}

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
      if (command.action === 'close') connection.close(1000, 'Access ended');
    }
    return targets.length;
  }
}
