// Test helpers: open a real socket to a room with a ticket from the API, and collect its frames.
import type { PartyName } from '@community/realtime-protocol';
import WebSocket from 'ws';
import { baseUrl, call, type Session } from '../../scripts/lib/api-test-client.ts';

export type Opened = {
  socket: WebSocket;
  frames: any[];
  /** The frames' events in order: an `updates` frame (changes a chat room sent together) is each of its events. */
  events: any[];
  closed: Promise<{ code: number; reason: string; at: number }>;
  /** When the server's close frame arrived (the socket turns CLOSING); the TCP teardown may lag. */
  closing: Promise<number>;
};

export async function ticketFor(session: Session, party: PartyName, room: string) {
  return call('/api/realtime/ticket', { method: 'POST', token: session.token, body: { party, room } });
}

/** Opens a socket and resolves once it is open, or rejects with the HTTP status that refused it. */
export function open(path: string, headers: Record<string, string> = {}): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(baseUrl().replace(/^http/, 'ws') + path, { headers });
    const frames: any[] = [];
    const events: any[] = [];
    const closed = new Promise<{ code: number; reason: string; at: number }>((done) =>
      socket.on('close', (code, reason) => done({ code, reason: String(reason), at: Date.now() })),
    );
    const closing = new Promise<number>((done) => {
      const watch = setInterval(() => {
        if (socket.readyState >= WebSocket.CLOSING) {
          clearInterval(watch);
          done(Date.now());
          // The local proxy ends the TCP connection ~10 s after the close handshake; the close
          // frame (and its code, which `close` reports) has arrived, so the test need not wait.
          setTimeout(() => socket.terminate(), 100);
        }
      }, 5);
    });
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data));
      frames.push(frame);
      events.push(...(frame.type === 'updates' ? frame.events : [frame]));
    });
    socket.on('open', () => resolve({ socket, frames, events, closed, closing }));
    socket.on('unexpected-response', (_request, response) =>
      reject(new Error(`refused ${response.statusCode}`)),
    );
    socket.on('error', reject);
  });
}

export async function openRoom(session: Session, party: PartyName, room: string) {
  const { ticket } = (await ticketFor(session, party, room)).body;
  return open(`/parties/${party}/${room}?ticket=${ticket}`);
}
