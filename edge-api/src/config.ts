// The one checked place where edge-api reads its environment (wrangler vars, secrets, bindings).

import { isLocalHost } from '@community/realtime-protocol';
import { z } from 'zod';
import { isLocalSmtp, type SmtpSettings, smtpSettings } from './mail/smtp-settings.ts';

export type Bindings = {
  ASSETS?: Fetcher;
  REALTIME: Fetcher;
  UPLOADS?: R2Bucket;
  DATABASE_URL: string;
  DB_WS_PROXY?: string;
  AUTH_SECRET: string;
  REALTIME_SECRET: string;
  ALLOWED_ORIGINS?: string;
  MFE_EVENTS_URL?: string;
  MFE_SPACES_URL?: string;
  MFE_PROFILE_URL?: string;
  MFE_ADMIN_URL?: string;
  /** Optional: the build each MFE_*_URL points at (`versions` in the manifest, docs/api.md). */
  MFE_EVENTS_VERSION?: string;
  MFE_SPACES_VERSION?: string;
  MFE_PROFILE_VERSION?: string;
  MFE_ADMIN_VERSION?: string;
  /**
   * Optional, JSON: a team's own micro-frontends (apps) shown at /apps/<name>, built with any Module
   * Federation 2.0 toolchain: `{"<name>": {"entry": "https://…/mf-manifest.json", "title": "…"}}`.
   */
  MFE_APPS?: string;
  /** Local runs only: the stack's micro-frontend server (src/lib/local-remotes.ts). */
  LOCAL_REMOTES_URL?: string;
  MAP_STYLE_URL?: string;
  PUBLIC_URL?: string;
  DB_DEADLINE_MS?: string;
  /** The header a trusted proxy writes the visitor's address in (`CF-Connecting-IP` on Cloudflare). */
  CLIENT_IP_HEADER?: string;
  /** Email (ADR 26): the SMTP server (a secret: it holds the password) and the sender's address. */
  SMTP_URL?: string;
  MAIL_FROM?: string;
  /** The queue the platform's emails go through (wrangler.jsonc `queues`). */
  MAIL_QUEUE?: Queue<unknown>;
};

const ConfigSchema = z.object({
  databaseUrl: z.string().min(1, 'DATABASE_URL must be set'),
  /** Local only: host:port of the WebSocket-to-TCP proxy in front of a plain Postgres. */
  dbWsProxy: z.string().optional(),
  authSecret: z.string().min(16, 'AUTH_SECRET must be at least 16 characters'),
  realtimeSecret: z.string().min(16, 'REALTIME_SECRET must be at least 16 characters'),
  /** Extra origins allowed to make state-changing calls; the API's own origin always is. */
  allowedOrigins: z.array(z.string()),
  mfeUrls: z.object({
    mfe_events: z.string(),
    mfe_spaces: z.string(),
    mfe_profile: z.string(),
    mfe_admin: z.string(),
  }),
  /**
   * The version of the build each remote address serves, where set: the shell adds it to the entry's
   * address (no stale cache) and refuses an entry that records another version.
   */
  mfeVersions: z.record(z.string(), z.string()),
  /** A team's own micro-frontends (MFE_APPS): each exposes `./App`, shown at /apps/<name>. */
  mfeApps: z.record(
    z
      .string()
      .regex(/^[a-z][a-z0-9_]{0,39}$/, 'MFE_APPS: an app name is lower-case letters, digits and _')
      .refine((name) => !name.startsWith('mfe_'), 'MFE_APPS: names starting with mfe_ are the platform’s'),
    z.object({
      entry: z.string().regex(/^(https?:\/\/|\/)/, 'MFE_APPS: an entry is an http(s) URL or a path'),
      title: z.string().trim().min(1).max(60),
    }),
  ),
  mapStyleUrl: z.string(),
  /**
   * The community's public address (scheme and host). Names that must not depend on which host
   * served a request use it: an iCalendar UID is the event's id at this host, so the same event
   * has one UID whether it came from the workers.dev address, a custom domain or 127.0.0.1.
   */
  publicUrl: z.url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http(s) URL' }),
  /**
   * The longest one database call may take (one query or batch over HTTP, or one interactive
   * transaction with its connect), and Postgres' own `statement_timeout` for our sessions: past it
   * the call is abandoned and the request answers 503 (ADR 0015).
   */
  dbDeadlineMs: z.coerce
    .number({ error: 'DB_DEADLINE_MS must be a number of milliseconds' })
    .int('DB_DEADLINE_MS must be a whole number of milliseconds')
    .min(100, 'DB_DEADLINE_MS must be at least 100')
    .max(60_000, 'DB_DEADLINE_MS must be at most 60000'),
  /**
   * The request header holding the visitor's address, written by what stands in front and never
   * passed on from the client: `CF-Connecting-IP` when deployed on Cloudflare, a self-hosted proxy's
   * own (`X-Real-IP`). Empty: no header is believed (lib/client-address.ts).
   */
  clientIpHeader: z.string().regex(/^[A-Za-z0-9-]*$/, 'CLIENT_IP_HEADER must be a header name'),
  /**
   * Where email goes (ADR 26), or null when SMTP_URL is unset: nothing is emailed then (an
   * invitation still answers its link). A server on this machine is refused for a public address,
   * like the development secrets: a deploy that kept it would lose every email.
   */
  mail: z
    .object({ smtp: z.custom<SmtpSettings>(), from: z.email('MAIL_FROM must be an email address') })
    .nullable(),
});
export type Config = z.infer<typeof ConfigSchema>;

/** How long a database call may take unless DB_DEADLINE_MS says otherwise. */
export const DEFAULT_DB_DEADLINE_MS = 5000;

/** Local runs (`npm start`, wrangler dev) serve the community here. */
export const DEFAULT_PUBLIC_URL = 'http://localhost:8787';

const cache = new WeakMap<object, Config>();

export function readConfig(env: Bindings): Config {
  const cached = cache.get(env);
  if (cached) return cached;
  const config = ConfigSchema.parse({
    databaseUrl: env.DATABASE_URL,
    dbWsProxy: env.DB_WS_PROXY || undefined,
    authSecret: env.AUTH_SECRET,
    realtimeSecret: env.REALTIME_SECRET,
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    mfeUrls: {
      mfe_events: env.MFE_EVENTS_URL || '/mfe/events/remoteEntry.js',
      mfe_spaces: env.MFE_SPACES_URL || '/mfe/spaces/remoteEntry.js',
      mfe_profile: env.MFE_PROFILE_URL || '/mfe/profile/remoteEntry.js',
      mfe_admin: env.MFE_ADMIN_URL || '/mfe/admin/remoteEntry.js',
    },
    mfeVersions: Object.fromEntries(
      Object.entries({
        mfe_events: env.MFE_EVENTS_VERSION,
        mfe_spaces: env.MFE_SPACES_VERSION,
        mfe_profile: env.MFE_PROFILE_VERSION,
        mfe_admin: env.MFE_ADMIN_VERSION,
      }).filter(([, version]) => version),
    ),
    mfeApps: parseJsonSetting(env.MFE_APPS, 'MFE_APPS') ?? {},
    mapStyleUrl: env.MAP_STYLE_URL || '/map/offline-style.json',
    publicUrl: env.PUBLIC_URL || DEFAULT_PUBLIC_URL,
    dbDeadlineMs: env.DB_DEADLINE_MS || DEFAULT_DB_DEADLINE_MS,
    clientIpHeader: env.CLIENT_IP_HEADER?.trim() ?? '',
    mail: mailSettings(env),
  });
  cache.set(env, config);
  return config;
}

/** A setting holding JSON: its value, undefined when unset, or a config error naming it. */
function parseJsonSetting(value: string | undefined, name: string): unknown {
  if (!value?.trim()) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    throw new Error(`${name} must be JSON`);
  }
}

function mailSettings(env: Bindings): { smtp: SmtpSettings; from: string | undefined } | null {
  if (!env.SMTP_URL) return null;
  let smtp: SmtpSettings;
  try {
    smtp = smtpSettings(env.SMTP_URL);
  } catch (error) {
    throw new Error(`SMTP_URL: ${(error as Error).message}`);
  }
  const publicHost = new URL(env.PUBLIC_URL || DEFAULT_PUBLIC_URL).hostname;
  if (isLocalSmtp(smtp) && !isLocalHost(publicHost)) {
    throw new Error(
      'SMTP_URL points at this machine, but PUBLIC_URL is public: set a real one with `wrangler secret put SMTP_URL`',
    );
  }
  return { smtp, from: env.MAIL_FROM };
}
