// The secrets of local runs are in this repository, so anyone can sign access tokens and room
// tickets with them. Both Workers refuse every request that is not addressed to this machine while
// they hold one of these values: a deploy that forgot `wrangler secret put` fails loudly at once
// instead of running with forgeable sessions.

/** The values `npm start` and the test stacks give the Workers (scripts/lib/stack.ts). */
export const KNOWN_DEV_SECRETS = {
  AUTH_SECRET: 'local-dev-auth-secret-change-me',
  REALTIME_SECRET: 'local-dev-realtime-secret-change-me',
} as const;

export type DevSecretName = keyof typeof KNOWN_DEV_SECRETS;

/** Host names that only this machine can reach (URL.hostname keeps IPv6 brackets). */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The host edge-api addresses the realtime worker by, over its service binding (never public). */
export const REALTIME_INTERNAL_HOST = 'realtime.internal';
/** The host the realtime worker addresses edge-api by (presence reports), over its service binding. */
export const API_INTERNAL_HOST = 'api.internal';
const INTERNAL_HOSTS = new Set([REALTIME_INTERNAL_HOST, API_INTERNAL_HOST]);

export function isLocalHost(hostname: string): boolean {
  return LOCAL_HOSTS.has(hostname.toLowerCase());
}

/**
 * Why a request must be refused (503), or null: one of `secrets` is a known development value and
 * the request is not addressed to a local host (or, with `allowInternal`, to a service binding's
 * internal host, which only the other Worker can reach).
 */
export function devSecretRefusal(
  requestUrl: string,
  secrets: Partial<Record<DevSecretName, string | undefined>>,
  options: { allowInternal?: boolean } = {},
): string | null {
  const known = (Object.keys(secrets) as DevSecretName[]).filter(
    (name) => secrets[name] !== undefined && secrets[name] === KNOWN_DEV_SECRETS[name],
  );
  if (known.length === 0) return null;
  const hostname = new URL(requestUrl).hostname;
  if (isLocalHost(hostname)) return null;
  if (options.allowInternal && INTERNAL_HOSTS.has(hostname)) return null;
  const names = known.join(' and ');
  const commands = known.map((name) => `\`wrangler secret put ${name}\``).join(' and ');
  return `This server still uses the development ${names}, which anyone can read. Set ${known.length > 1 ? 'real ones' : 'a real one'} with ${commands}, then deploy again.`;
}
