// Fan-out of one event to many user rooms (FanoutCommand).
import { DurableObject } from 'cloudflare:workers';
import type { RealtimeEnv } from './config.ts';

export class FanoutShard extends DurableObject<RealtimeEnv> {}
