// What a room must remember, in its Durable Object's SQLite storage, to keep access following the
// database: the ticket ids it has admitted (a ticket opens one socket, once) and the revocations
// it was told about (a ticket issued before a kick must not let the kicked user back in).
// Both only matter while a ticket could still be valid, so rows are dropped after TICKET_TTL_MS.
import { type RevocationSelector, TICKET_TTL_MS, type TicketClaims } from '@community/realtime-protocol';

/**
 * Rows are kept a little longer than a ticket lives: `at`, `iat` and `exp` come from edge-api's
 * clock and expiry is checked on the realtime worker's, which may differ by a few seconds.
 */
const CLOCK_ALLOWANCE_MS = 10_000;

type RevocationRow = { kind: string; value: string };

export class AdmissionLedger {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(`
      CREATE TABLE IF NOT EXISTS used_tickets (jti TEXT PRIMARY KEY, expires_at INTEGER NOT NULL);
      CREATE INDEX IF NOT EXISTS used_tickets_expires_at ON used_tickets (expires_at);
      CREATE TABLE IF NOT EXISTS revocations (
        kind TEXT NOT NULL,   -- 'user' | 'session' | 'notIn'
        value TEXT NOT NULL,  -- the user or session id, or the member ids as a JSON array
        at INTEGER NOT NULL,  -- tickets issued at or before this time (edge-api's clock) are refused
        keep_until INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS revocations_keep_until ON revocations (keep_until);
    `);
  }

  /**
   * Admits a verified ticket once, or says why not. Synchronous on purpose: with no await between
   * the check and the insert, two sockets racing with one ticket cannot both get in.
   */
  admit(claims: TicketClaims, now = Date.now()): string | null {
    this.prune(now);
    if (this.isRevoked(claims)) return 'Access to this room was withdrawn';
    const seen = this.sql.exec('SELECT 1 FROM used_tickets WHERE jti = ?', claims.jti).toArray();
    if (seen.length > 0) return 'Ticket already used';
    this.sql.exec('INSERT INTO used_tickets (jti, expires_at) VALUES (?, ?)', claims.jti, claims.exp);
    return null;
  }

  record(by: RevocationSelector, at: number, now = Date.now()): void {
    this.prune(now);
    const [kind, value] =
      'user' in by
        ? ['user', by.user]
        : 'session' in by
          ? ['session', by.session]
          : ['notIn', JSON.stringify(by.notIn)];
    this.sql.exec(
      'INSERT INTO revocations (kind, value, at, keep_until) VALUES (?, ?, ?, ?)',
      kind,
      value,
      at,
      Math.max(at, now) + TICKET_TTL_MS + CLOCK_ALLOWANCE_MS,
    );
  }

  private isRevoked(claims: TicketClaims): boolean {
    const rows = this.sql
      .exec<RevocationRow>(
        `SELECT kind, value FROM revocations
          WHERE at >= ? AND ((kind = 'user' AND value = ?) OR (kind = 'session' AND value = ?) OR kind = 'notIn')`,
        claims.iat,
        claims.sub,
        claims.sid,
      )
      .toArray();
    return rows.some(
      (row) => row.kind !== 'notIn' || !(JSON.parse(row.value) as string[]).includes(claims.sub),
    );
  }

  private prune(now: number): void {
    this.sql.exec('DELETE FROM used_tickets WHERE expires_at < ?', now - CLOCK_ALLOWANCE_MS);
    this.sql.exec('DELETE FROM revocations WHERE keep_until < ?', now);
  }
}
