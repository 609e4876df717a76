// Email for direct messages left unread while away (issue 32, edge-api/src/services/away-mail.ts):
// Ada writes three messages to Ben in the browser while Ben has no page open. The minute Cron
// Trigger, run as if 11 minutes had passed, makes ONE email of the three ("You have 3 unread messages
// in …"), and its link to Ada's conversation opens it in Ben's browser: signed out, he signs in and
// lands on it. Then, with Ben on the platform (another page than the conversation, so the new
// message stays unread), Ada writes again and the cron runs later still: no second email reaches Ben.
//
// The three members are new accounts of this run (the demo accounts get messages from other
// journeys). The journeys' stack runs no cron of its own: each run here is triggered through
// Miniflare's /cdn-cgi/local/scheduled with a time of the journey's choosing, and the request answers
// once the run has queued its emails. The queue then delivers them within seconds, so "no email for
// Ben" is read only after a witness, Cai (offline, written to after that run), got his email from a
// later run: by then whatever the earlier run queued has been delivered.
import { FEATURE_KEYS } from '@community/domain';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, openSignedIn, signInToEvents } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL });
test.describe.configure({ timeout: 150_000 });

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const person = (firstName: string, lastName: string) => ({
  firstName,
  lastName: `${lastName}${run}`,
  name: `${firstName} ${lastName}${run}`,
  email: `${firstName.toLowerCase()}-${run}@example.com`,
});
const ada = person('Ada', 'Sender');
const ben = person('Ben', 'Away');
const cai = person('Cai', 'Witness');

const MINUTE = 60_000;
const contexts: BrowserContext[] = [];

test.afterAll(async () => {
  for (const context of contexts) await context.close();
});

type InboxEntry = { id: string; subject: string; text: string; to: { address: string }[] };

/** Every email the stack's inbox (MailDev) holds for `address`. */
async function emailsTo(page: Page, address: string): Promise<InboxEntry[]> {
  const inbox = process.env.STACK_MAIL_INBOX;
  if (!inbox) throw new Error('STACK_MAIL_INBOX is not set (see e2e/stacks.ts)');
  const answer = await page.request.get(`${inbox}/api/email`);
  expect(answer.ok()).toBe(true);
  const entries = (await answer.json()) as InboxEntry[];
  return entries.filter((entry) => entry.to.some((to) => to.address.toLowerCase() === address));
}

/** Waits (with a deadline) until an email reached `address`; answers every one that did. */
async function waitForEmailTo(page: Page, address: string): Promise<InboxEntry[]> {
  let found: InboxEntry[] = [];
  await expect
    .poll(
      async () => {
        found = await emailsTo(page, address);
        return found.length;
      },
      { timeout: 45_000, message: `an email to ${address}` },
    )
    .toBeGreaterThan(0);
  return found;
}

/** The minute Cron Trigger as if it ran `minutes` from now; answers once the run is over. */
async function cronIn(page: Page, minutes: number) {
  const at = Date.now() + minutes * MINUTE;
  const answer = await page.request.get(`/cdn-cgi/local/scheduled?cron=*+*+*+*+*&time=${at}`);
  expect(answer.status(), await answer.text()).toBe(200);
}

const messages = (page: Page) => page.getByRole('list', { name: 'Messages' });

async function send(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await expect(messages(page).locator('li:not([data-pending])', { hasText: text })).toHaveCount(1);
}

test('a member gets one email for three DMs sent while they were offline and none when they were online', async ({
  browser,
  page: admin,
}) => {
  // The admin makes the three members, every feature on, with the demo password.
  await signInToEvents(admin, 'admin@example.com');
  const adminId = (await (await admin.request.get('/api/auth/me')).json()).user.id as string;
  const ids: Record<string, string> = {};
  for (const member of [ada, ben, cai]) {
    const created = await admin.request.post(`/api/admin-panel/users/${adminId}`, {
      data: {
        firstName: member.firstName,
        lastName: member.lastName,
        pseudo: `${member.firstName.toLowerCase()}${run}`,
        email: member.email,
        job: 'Tester',
        company: 'Away Mail',
        role: 'USER',
        city: 'Oslo',
        password: DEMO_PASSWORD,
        confirmPassword: DEMO_PASSWORD,
        features: FEATURE_KEYS,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const found = await admin.request.get(
      `/api/admin-panel/users/${adminId}?search=${encodeURIComponent(member.email)}`,
    );
    ids[member.email] = (await found.json()).items[0].id;
  }

  // Ada, in her browser, writes to Ben three times from the New message dialog; Ben has no page open.
  const opened = await openSignedIn(browser, ada.email);
  contexts.push(opened.context);
  const a = opened.page;
  await a.getByRole('region', { name: 'Messages' }).getByRole('button', { name: 'New message' }).click();
  const dialog = a.getByRole('dialog', { name: 'New message' });
  await dialog.getByRole('combobox', { name: 'Search members by name' }).fill(ben.lastName);
  await dialog.getByRole('option', { name: new RegExp(ben.name) }).click();
  await expect(a).toHaveURL(new RegExp(`/community/conversations/${ids[ben.email]}$`));
  await expect(a.getByRole('heading', { level: 1, name: ben.name })).toBeVisible();
  // Ben never came: offline since his account was made.
  await expect(a.getByTestId('conversation-presence')).toHaveText(/^Last seen/);
  const away = [1, 2, 3].map((n) => `While you were away ${n} ${run}`);
  for (const text of away) await send(a, text);

  // Ten minutes later (as the cron sees it): one email for the three.
  await cronIn(a, 11);
  const [email] = await waitForEmailTo(a, ben.email);
  expect(email!.subject).toBe('You have 3 unread messages in Demo Community');
  // The plain-text part puts each link after its words.
  expect(email!.text).toMatch(new RegExp(`${ada.name} \\S+ sent you 3 messages`));
  // Who wrote and how many, never what.
  expect(email!.text).not.toContain('While you were away');

  // The email as a mail app shows it: Ada's name links to her conversation.
  const mail = await browser.newContext();
  contexts.push(mail);
  const mailPage = await mail.newPage();
  await mailPage.goto(`${process.env.STACK_MAIL_INBOX}/api/email/${email!.id}/html`);
  await expect(mailPage.getByRole('heading', { name: /you have 3 messages waiting/ })).toBeVisible();
  const href = await mailPage.getByRole('link', { name: ada.name }).getAttribute('href');
  const link = new URL(href ?? '');
  expect(link.pathname).toBe(`/community/conversations/${ids[ada.email]}`);

  // Ben follows it in his browser: not signed in, he is asked to sign in first, and the sign-in takes
  // him straight to Ada's conversation with the three messages, read from then on (the login page
  // keeps the link's path in `?next=`). The link's origin is the configured PUBLIC_URL
  // (http://localhost:8787 when unset, as on the journeys' stacks), so its path is followed on this
  // stack. The form is filled where the link left him: helpers' signIn opens a bare /auth/login.
  const benContext = await browser.newContext({ baseURL: process.env.STACK_URL });
  contexts.push(benContext);
  const b = await benContext.newPage();
  await b.goto(`${link.pathname}${link.search}`);
  const next = new URLSearchParams({ next: `${link.pathname}${link.search}` });
  await expect(b).toHaveURL((url) => `${url.pathname}${url.search}` === `/auth/login?${next}`);
  await b.getByLabel('Email').fill(ben.email);
  await b.getByLabel('Password').fill(DEMO_PASSWORD);
  await b.getByRole('button', { name: 'Sign in' }).click();
  await expect(b).toHaveURL((url) => `${url.pathname}${url.search}` === `${link.pathname}${link.search}`);
  await expect(b.getByRole('heading', { level: 1, name: ada.name })).toBeVisible();
  for (const text of away) await expect(messages(b).locator('li', { hasText: text })).toHaveCount(1);

  // Ben is online now (Ada sees it), on Events: Ada's next message stays unread, and the toast says
  // it reached him on the platform.
  await expect(a.getByTestId('conversation-presence')).toHaveText('Online');
  await b.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click();
  await expect(b).toHaveURL(/\/events$/);
  const whileHere = `Now that you are here ${run}`;
  await send(a, whileHere);
  await expect(b.getByText(`New message from ${ada.name}`)).toBeVisible();
  await expect(a.getByTestId('conversation-presence')).toHaveText('Online');

  // The cron runs later still: Ben is online, so nothing is queued for him. Then Cai, offline, gets
  // a message, and a later run emails him: once his email is in, anything queued for Ben by the
  // earlier run would be too.
  await cronIn(a, 22);
  const toCai = await a.request.post('/api/conversations', { data: { userId: ids[cai.email] } });
  expect(toCai.status(), await toCai.text()).toBeLessThan(300);
  const conversationId = (await toCai.json()).conversation.id as string;
  const sent = await a.request.post(`/api/conversations/${conversationId}/messages`, {
    data: { content: `A witness ${run}`, clientKey: `away-${run}` },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await cronIn(a, 23);
  const [witness] = await waitForEmailTo(a, cai.email);
  expect(witness!.subject).toBe('You have a new message in Demo Community');

  // Exactly the one email for Ben, for all four messages (two would fail here).
  const all = await emailsTo(a, ben.email);
  expect(all.map((entry) => entry.subject)).toEqual(['You have 3 unread messages in Demo Community']);
});
