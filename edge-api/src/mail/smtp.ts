// Sending over SMTP from the Worker, on its TCP sockets (`cloudflare:sockets`) through worker-mailer
// (ADR 26): the same path locally (the stack's MailDev) and deployed (any provider's submission
// port), so nothing in between is a stand-in.
import { LogLevel, WorkerMailer } from 'worker-mailer';
import type { ComposedMail } from './compose.ts';
import type { SmtpSettings } from './smtp-settings.ts';

/** One email, on a connection of its own; resolves once the server accepted it. */
export async function sendMail(settings: SmtpSettings, from: string, mail: ComposedMail): Promise<void> {
  await WorkerMailer.send(
    {
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      startTls: settings.startTls,
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      socketTimeoutMs: 15_000,
      responseTimeoutMs: 15_000,
      // Its per-connection lines are noise; a failure is logged by the consumer, with the job's kind.
      logLevel: LogLevel.ERROR,
    },
    {
      from: { name: mail.fromName, email: from },
      to: mail.to,
      ...(mail.replyTo ? { reply: mail.replyTo } : {}),
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      headers: mail.headers,
    },
  );
}
