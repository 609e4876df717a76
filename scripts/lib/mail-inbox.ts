// The local SMTP server with a web inbox (MailDev, ADR 26): every email the Workers send locally
// lands here, so a developer reads them in a browser and the tests read them over its REST API
// (`GET /api/email`, `GET /api/email/:id/source` for the raw message). Nothing leaves this machine.
import { MailDev } from 'maildev';

export type MailInbox = {
  /** The port edge-api sends to (SMTP_URL=smtp://127.0.0.1:<port>). */
  smtpPort: number;
  /** The web inbox and its REST API. */
  url: string;
  close(): Promise<void>;
};

/** Free ports unless given (`npm start` keeps one address across restarts). */
export async function startMailInbox(ports: { smtp?: number; web?: number } = {}): Promise<MailInbox> {
  const maildev = new MailDev({
    smtp: ports.smtp ?? 0,
    web: ports.web ?? 0,
    ip: '127.0.0.1',
    webIp: '127.0.0.1',
    silent: true,
  });
  const servers = await maildev.start();
  const smtp = servers.smtp as unknown as { getPort(): number };
  const web = servers.api as unknown as { getPort(): number };
  return {
    smtpPort: smtp.getPort(),
    url: `http://127.0.0.1:${web.getPort()}`,
    close: () => maildev.stop(),
  };
}

/** The sender's address locally (MAIL_FROM); deployed, a secret of the operator's domain. */
export const LOCAL_MAIL_FROM = 'community@mail.localhost';
