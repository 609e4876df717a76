// The Hono environment every route shares: bindings plus what middleware puts on the context.
import type { User } from '@community/domain';
import type { Bindings, Config } from './config.ts';
import type { Database } from './db.ts';

export type AuthState = { user: User; sessionId: string };

export type AppEnv = {
  Bindings: Bindings;
  Variables: {
    config: Config;
    /** Opens the request's database on first use. */
    db: () => Database;
    auth: AuthState | null;
  };
};
