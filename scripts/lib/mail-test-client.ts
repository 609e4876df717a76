// Reading what the stack emailed, for the tests: the local inbox's REST API (MailDev) finds the
// message, and its raw source is parsed by mailparser, a MIME parser nobody here wrote.
import { type ParsedMail, simpleParser } from 'mailparser';
import { expect, inject } from 'vitest';

type InboxEntry = { id: string; to: { address: string }[]; subject: string };

async function inbox(): Promise<InboxEntry[]> {
  const url = inject('mailInboxUrl');
  if (!url) throw new Error('This stack has no mail inbox');
  const response = await fetch(`${url}/api/email`);
  expect(response.status).toBe(200);
  return (await response.json()) as InboxEntry[];
}

/** Every email sent so far to `address`, parsed, oldest first. */
export async function mailTo(address: string): Promise<ParsedMail[]> {
  const url = inject('mailInboxUrl');
  const entries = (await inbox()).filter((entry) =>
    entry.to.some((to) => to.address.toLowerCase() === address.toLowerCase()),
  );
  return Promise.all(
    entries.map(async (entry) =>
      simpleParser(await (await fetch(`${url}/api/email/${entry.id}/source`)).text()),
    ),
  );
}

/** Waits until `count` emails reached `address` (the queue sends within seconds), then answers them. */
export async function waitForMail(address: string, count = 1, timeout = 30_000): Promise<ParsedMail[]> {
  let found: ParsedMail[] = [];
  await expect
    .poll(
      async () => {
        found = await mailTo(address);
        return found.length;
      },
      { timeout, interval: 250 },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}
