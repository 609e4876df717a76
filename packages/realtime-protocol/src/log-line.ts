// One log line is one JSON object (issue 34): what Workers Logs and Logpush index by field, so an
// operator follows one request across both Workers by its id. Both Workers write through here.
// Never put a token, password, message text or email in a field: ids, counts, names of things.

/** The header that carries a request's id: on every answer of edge-api and on its room commands. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What a request id may look like (a `cf-ray`, a UUID): anything else from outside is not trusted. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,100}$/;

export type LogLevel = 'info' | 'warn' | 'error';

/** Writes `fields` as one JSON line at `level` (console.log / warn / error, as Workers Logs reads them). */
export function logLine(level: LogLevel, message: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level, message, ...fields });
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
}

/** An error as log fields: its name and message (redacted), and its stack. */
export function errorFields(error: unknown): { name: string; message: string; stack?: string } {
  if (!(error instanceof Error)) return { name: 'NonError', message: redacted(String(error)) };
  const message = redacted(error.message);
  const stack = error.stack?.replace(error.message, message);
  return { name: error.name, message, ...(stack ? { stack: redacted(stack) } : {}) };
}

/**
 * Text from elsewhere made fit for a log line: Drizzle's failed-query message ends with the
 * statement's parameters (`params: …`), values a member typed (a message, an email), and a mail
 * server's reply may quote the address (`550 <kim@example.com>: no such user`). Only the statement
 * and the reply's words stay.
 */
export function redacted(text: string): string {
  return text
    .replace(/\nparams: [^\n]*/g, '\nparams: [redacted]')
    .replace(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, '[email]');
}
