// Whether an SMTP failure means "never write to this address again" (issue 32's suppression list).
// worker-mailer reports the server's answer only inside its error's message, after the step that
// failed ("Invalid RCPT TO: <a@b> 550 5.1.1 No such user", "Failed to send DATA: 554 …", "Failed
// send email body: 550 …"), so the code is read from there. Only those three steps name the
// recipient or the message: a 5xx to the greeting, EHLO, AUTH or MAIL FROM is about our own
// server or credentials, and suppressing the member for it would be wrong.

/** Longest answer kept: it is shown to the admin, and a server may say a lot. */
export const SMTP_REPLY_MAX = 300;

export type SmtpFailure =
  /** A 5xx to the recipient or the message: sending again would get the same answer. */
  | { permanent: true; reply: string }
  /** A 4xx, a refused or dropped connection, a timeout, our configuration: worth another attempt. */
  | { permanent: false };

// The step's prefix as worker-mailer words it (1.2.x), then the reply's three-digit code.
const RECIPIENT_STEP =
  /^(?:Invalid RCPT TO: <[^<>\r\n]*>(?: NOTIFY=[A-Z,]+)?|Failed to send DATA:|Failed send email body:) ?(\d{3})[ -]/;

export function classifySmtpFailure(error: unknown): SmtpFailure {
  const message = error instanceof Error ? error.message : String(error);
  const step = RECIPIENT_STEP.exec(message);
  if (!step?.[1]?.startsWith('5')) return { permanent: false };
  return { permanent: true, reply: replyText(message.slice(step[0].length - 4)) };
}

/**
 * The server's reply as one line: a multi-line reply ("550-5.1.1 …", "550 5.1.1 …") keeps its code
 * and enhanced code once; control characters go, and the whole is capped.
 */
function replyText(reply: string): string {
  const lines = reply.split(/\r?\n/).filter((line) => line.trim() !== '');
  const [first = '', ...rest] = lines;
  const text = [
    first.replace(/^(\d{3})-/, '$1 '),
    ...rest.map((line) => line.replace(/^\d{3}[ -](?:\d\.\d{1,3}\.\d{1,3} )?/, '')),
  ]
    .join(' ')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > SMTP_REPLY_MAX ? `${text.slice(0, SMTP_REPLY_MAX - 1)}…` : text;
}
