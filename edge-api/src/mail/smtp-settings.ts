// Where the platform's email goes: SMTP_URL read into what worker-mailer needs (ADR 26). Apart
// from smtp.ts so the configuration can be read where `cloudflare:sockets` is not (unit tests).

export type SmtpSettings = {
  host: string;
  port: number;
  /** TLS from the first byte (smtps://, port 465). */
  secure: boolean;
  /** Upgrade with STARTTLS (smtp:// to a provider); off only for this machine's own server. */
  startTls: boolean;
  credentials?: { username: string; password: string };
};

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * `smtp://user:pass@host:587` (STARTTLS, required) or `smtps://user:pass@host:465`; plain SMTP only
 * to this machine (the local stack's MailDev). Throws with the reason for anything else.
 */
export function smtpSettings(value: string): SmtpSettings {
  const url = new URL(value);
  const secure = url.protocol === 'smtps:';
  if (!secure && url.protocol !== 'smtp:') throw new Error('SMTP_URL must start with smtp:// or smtps://');
  if (!url.hostname) throw new Error('SMTP_URL must name a host');
  const local = LOCAL_HOSTS.has(url.hostname);
  const username = decodeURIComponent(url.username);
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    startTls: !secure && !local,
    ...(username ? { credentials: { username, password: decodeURIComponent(url.password) } } : {}),
  };
}

export function isLocalSmtp(settings: SmtpSettings): boolean {
  return LOCAL_HOSTS.has(settings.host) || settings.host === '::1';
}
