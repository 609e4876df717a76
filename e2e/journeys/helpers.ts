// Shared steps of the browser journeys.

import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import axe from 'axe-core';
import { freezePostgres, thawPostgres } from '../../scripts/lib/postgres-processes.ts';

export const DEMO_PASSWORD = 'community-demo';

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs in over the API (the browser keeps the session cookie, as after the form) and opens Events.
 * The sign-in form, Home after it and the top bar's links have journeys of their own (foundation,
 * navigation, accessibility); skipping them here saves each journey the login page and the wall.
 */
export async function signInToEvents(page: Page, email: string) {
  const answer = await page.request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(answer.status(), await answer.text()).toBe(200);
  await page.goto('/events');
  await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
}

/** Opens the signed-in user's own profile panel from the top bar. */
export async function openOwnProfile(page: Page) {
  await page.getByRole('button', { name: /^Open the profile of / }).click();
  return page.getByRole('dialog', { name: 'Profile' });
}

/** The Admin Panel (opened on Community Info, the menu's first entry) showing one of its sections. */
export async function showAdminSection(
  page: Page,
  section: 'Community Info' | 'Users' | 'Community' | 'Audit log',
) {
  const panel = page.getByRole('dialog', { name: 'Admin Panel' });
  await expect(panel.getByRole('heading', { name: 'Community Info' })).toBeVisible();
  if (section !== 'Community Info') {
    await panel
      .getByRole('navigation', { name: 'Admin Panel sections' })
      .getByRole('button', { name: section, exact: true })
      .click();
  }
  return panel;
}

/**
 * A member in a browser of their own: signs in, and waits until the page's user-room and presence
 * sockets have their tickets (live toasts and online dots work from then on).
 */
export async function openSignedIn(browser: Browser, email: string) {
  const context = await browser.newContext({ baseURL: process.env.STACK_URL });
  const page = await context.newPage();
  const ticketFor = (party: string) =>
    page.waitForResponse(
      (response) =>
        response.url().includes('/api/realtime/ticket') &&
        response.ok() &&
        response.request().postDataJSON()?.party === party,
    );
  const sockets = Promise.all([ticketFor('user-room'), ticketFor('presence-room')]);
  await signInToEvents(page, email);
  await sockets;
  return { context, page };
}

/** Runs `during` with every Postgres process of the stack stopped (SIGSTOP); always resumes them. */
export async function withDatabaseFrozen(during: () => Promise<void>) {
  const databaseUrl = process.env.STACK_DATABASE_URL;
  if (!databaseUrl) throw new Error('STACK_DATABASE_URL is not set (see e2e/global-setup.ts)');
  const pids = freezePostgres(databaseUrl);
  expect(pids.length).toBeGreaterThan(0);
  try {
    await during();
  } finally {
    thawPostgres(pids);
  }
}

/** A rich-text body (the editor's Lexical JSON) of one paragraph, for posts and comments sent by API. */
/** The URLs of every file this page has fetched from `origin` (a remote's own origin). */
export function resourcesFrom(page: Page, origin: string): Promise<string[]> {
  return page.evaluate(
    (from) =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => url.startsWith(from)),
    origin,
  );
}

/**
 * Content-Security-Policy violations the page reports (event and console), from the first script on:
 * none is expected, whatever the micro-frontends' origins (zod's eval probe included: the shell turns
 * it off, shell/src/zod-without-eval.ts).
 */
export async function watchPolicyViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportViolation(text: string): void }).__reportViolation(
        `${event.violatedDirective} blocked ${event.blockedURI}`,
      );
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && /Content.Security.Policy/i.test(text)) violations.push(text);
  });
  return violations;
}

/** A post's or comment's content: one Lexical paragraph, written as the seed writes demo posts. */
export { lexicalText as paragraph } from '@community/db';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * axe-core's run on the page's document, axe loaded into the document once (a client-side route
 * change keeps it). @axe-core/playwright's AxeBuilder injected axe again on every call and opened a
 * page of its own to finish each run: 850 ms a check on the Home page against 120 ms here, which
 * across the journeys' ~130 checks was about a minute of the CI run. Frames are not entered (the
 * app has none of its own: the only iframe is an event's outside video player).
 */
async function runAxe(page: Page): Promise<axe.AxeResults> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axe.source);
  return page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
        iframes: false,
      }),
    AXE_TAGS,
  );
}

/**
 * Runs axe-core (WCAG 2.0 and 2.1 A and AA, plus best practice) on the page as it is now and fails
 * on any serious or critical violation, listing each with its rule, impact and the elements' selectors
 * so the failure says what to fix on which screen. Minor and moderate findings are not gated.
 * Call it once the screen has settled (its content visible), after opening each dialog or menu.
 */
export async function expectAccessible(page: Page, screenName: string) {
  // Let opening dialogs and menus finish their transitions: half-faded text fails color-contrast.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await runAxe(page);
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const report = blocking.map((violation) => {
    const targets = violation.nodes
      .map((node) => `    ${node.target.join(' ')}\n      ${node.html.replace(/\s+/g, ' ').slice(0, 160)}`)
      .join('\n');
    return `${violation.id} (${violation.impact}, ${violation.nodes.length}×): ${violation.help}\n${targets}`;
  });
  // Soft: the journey goes on, so one run lists every screen that fails; the test still fails.
  expect.soft(report, `axe on ${screenName} (${page.url()}): serious or critical violations`).toEqual([]);
}

/**
 * Types a time (hour 0-23) into the event form's Start or End fields, whatever clock the browser's
 * locale uses: 12-hour with an AM/PM choice (en-US) or 24-hour (issue 26).
 */
export async function fillEventTime(dialog: Locator, which: 'Start' | 'End', hour: number, minute = 0) {
  const period = dialog.getByLabel(`${which} AM/PM`);
  if (await period.count()) {
    await period.selectOption(hour >= 12 ? 'PM' : 'AM');
    await dialog.getByLabel(`${which} hours`).fill(String(hour % 12 || 12));
  } else {
    await dialog.getByLabel(`${which} hours`).fill(String(hour));
  }
  await dialog.getByLabel(`${which} minutes`).fill(String(minute));
}

/**
 * The first email the stack sent to `address`, opened in `page` as a mail app shows its HTML (from
 * the stack's inbox, MailDev); answers its subject. Waits for the mail queue to deliver it.
 */
export async function openEmailTo(page: Page, address: string): Promise<{ subject: string }> {
  const inbox = process.env.STACK_MAIL_INBOX;
  if (!inbox) throw new Error('STACK_MAIL_INBOX is not set (see e2e/stacks.ts)');
  type Entry = { id: string; subject: string; to: { address: string }[] };
  let found: Entry | undefined;
  await expect
    .poll(
      async () => {
        const entries = (await (await page.request.get(`${inbox}/api/email`)).json()) as Entry[];
        found = entries.find((entry) => entry.to.some((to) => to.address === address));
        return found !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await page.goto(`${inbox}/api/email/${found!.id}/html`);
  return { subject: found!.subject };
}
