// The Hono environment every route shares: bindings plus what middleware puts on the context.
import type { User } from '@community/domain';
import type { Bindings, Config } from './config.ts';
import type { Database, SessionDatabase } from './db.ts';
import type { Take } from './services/rate-limits.ts';

export type AuthState = { user: User; sessionId: string };

export type AppEnv = {
  Bindings: Bindings;
  Variables: {
    config: Config;
    /** One-shot queries over HTTP. */
    db: () => Database;
    /** A database session for interactive transactions, opened on first use and ended after the response. */
    txDb: () => SessionDatabase;
    auth: AuthState | null;
    /** The token a limited write took with the session check (middleware/write-limits.ts); null otherwise. */
    writeTake: Take | null;
  };
};
