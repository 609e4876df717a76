// The one place the realtime worker reads its environment.
import type { FanoutShard } from './fanout.ts';
import type { UserRoom } from './user-room.ts';

export type RealtimeEnv = {
  /** Typed for Durable Object RPC: the fan-out calls `UserRoom.deliver`. */
  UserRoom: DurableObjectNamespace<UserRoom>;
  SpaceRoom: DurableObjectNamespace;
  PostsRoom: DurableObjectNamespace;
  ConversationRoom: DurableObjectNamespace;
  PresenceRoom: DurableObjectNamespace;
  FanoutShard: DurableObjectNamespace<FanoutShard>;
  /** edge-api, for presence reports (src/user-room.ts). */
  API: Fetcher;
  REALTIME_SECRET: string;
  ALLOWED_ORIGINS: string;
};

export type RealtimeConfig = { secret: string; allowedOrigins: string[] };

export function readConfig(env: RealtimeEnv): RealtimeConfig {
  if (!env.REALTIME_SECRET || env.REALTIME_SECRET.length < 16) {
    throw new Error('REALTIME_SECRET must be set (at least 16 characters)');
  }
  return {
    secret: env.REALTIME_SECRET,
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  };
}
