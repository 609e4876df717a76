// Counts the SQL statements clients send, by reading the Postgres wire protocol as it passes
// through the local proxy: a simple query ('Q') or an extended-protocol Execute ('E') is one
// statement. Used by benchmarks to report statements per request.

const SSL_REQUEST_CODE = 80877103;

export class StatementCounter {
  total = 0;

  /** A parser for one client connection's byte stream. */
  connection(): (chunk: Buffer) => void {
    let buffer = Buffer.alloc(0);
    let startupDone = false;
    return (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      while (true) {
        if (!startupDone) {
          // Startup and SSL requests carry no type byte: int32 length, int32 code.
          if (buffer.length < 8) return;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) return;
          const code = buffer.readInt32BE(4);
          buffer = buffer.subarray(length);
          if (code !== SSL_REQUEST_CODE) startupDone = true;
          continue;
        }
        if (buffer.length < 5) return;
        const type = String.fromCharCode(buffer[0]!);
        const length = buffer.readInt32BE(1);
        if (buffer.length < 1 + length) return;
        if (type === 'Q' || type === 'E') this.total++;
        buffer = buffer.subarray(1 + length);
      }
    };
  }
}

/**
 * Serves a counter's total at `GET /` on 127.0.0.1, so API tests (in vitest workers, another
 * process than the stack) can read how many statements a request cost.
 */
export async function serveStatementCount(
  counter: StatementCounter,
): Promise<{ url: string; close(): Promise<void> }> {
  const { createServer } = await import('node:http');
  const server = createServer((_request, response) => {
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ total: counter.total }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
