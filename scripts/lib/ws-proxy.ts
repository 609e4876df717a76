// The WebSocket-to-TCP bridge that lets `@neondatabase/serverless` (which speaks Postgres over a
// WebSocket, as Neon's endpoint does) reach a plain local Postgres from workerd. Local only.
import net from 'node:net';
import { WebSocketServer } from 'ws';

export type WsProxy = { port: number; close(): Promise<void> };

export async function startWsProxy(options: { port: number; allowedTarget: string }): Promise<WsProxy> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: options.port, path: '/v1' });
  server.on('connection', (socket, request) => {
    const address = new URL(request.url ?? '', 'http://proxy').searchParams.get('address');
    // Only ever bridge to our own database: this is not a general-purpose tunnel.
    if (address !== options.allowedTarget) {
      socket.close(1008, 'Target not allowed');
      return;
    }
    const [host, port] = options.allowedTarget.split(':');
    const tcp = net.connect({ host, port: Number(port) });
    tcp.setNoDelay(true);
    const pending: Buffer[] = [];
    let connected = false;
    tcp.on('connect', () => {
      connected = true;
      for (const chunk of pending.splice(0)) tcp.write(chunk);
    });
    socket.on('message', (data: Buffer) => (connected ? tcp.write(data) : pending.push(data)));
    tcp.on('data', (chunk) => socket.readyState === socket.OPEN && socket.send(chunk));
    tcp.on('close', () => socket.close());
    tcp.on('error', () => socket.close());
    socket.on('close', () => tcp.destroy());
    socket.on('error', () => tcp.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return {
    port: options.port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
