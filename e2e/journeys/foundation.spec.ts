import { expect, test } from '@playwright/test';
import {
  DEMO_PASSWORD,
  expectAccessible,
  openOwnProfile,
  showAdminSection,
  signIn,
  signInToEvents,
} from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL });

test('sends a visitor who is not signed in to the login page', async ({ page }) => {
  await page.goto('/events');
  await expect(page).toHaveURL(/\/auth\/login\?next=%2Fevents$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page, 'sign-in');
});

test('shows the field errors and the server’s message for a wrong password', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await signIn(page, 'host@example.com', 'not-the-password');
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

const roles = [
  { email: 'owner@example.com', admin: true },
  { email: 'admin@example.com', admin: true },
  { email: 'host@example.com', admin: false },
  { email: 'member@example.com', admin: false },
];

for (const { email, admin } of roles) {
  test(`${email} sees the four micro-frontends’ first screens, then signs out`, async ({ page }) => {
    const mfeRequests: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/mfe/')) mfeRequests.push(pathname);
    });
    await signInToEvents(page, email);

    // mfe-events: the upcoming events from the API, grouped under month headers.
    const apiEvents = await page.request.get('/api/events?when=upcoming&limit=5');
    const firstTitle = (await apiEvents.json()).items[0].title as string;
    await expect(page.getByRole('tab', { name: 'Upcoming' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(firstTitle).first()).toBeVisible();
    await expectAccessible(page, 'events list');

    // mfe-spaces: the member's own spaces in the sidebar, in the server's order (issue 30: the
    // others are on the Spaces page).
    const apiSpaces = (await (await page.request.get('/api/spaces')).json()).items as {
      name: string;
      isMember: boolean;
    }[];
    const sidebar = page.getByRole('navigation', { name: 'Spaces' });
    await expect(sidebar.getByText(apiSpaces.find((space) => space.isMember)!.name)).toBeVisible();

    // mfe-profile: the signed-in user's own profile panel.
    const me = (await (await page.request.get('/api/auth/me')).json()).user;
    const profile = await openOwnProfile(page);
    await expect(profile.getByText(`${me.firstName} ${me.lastName}`).first()).toBeVisible();
    await expect(page).toHaveURL(/profile_popover_tab=about/);
    await expectAccessible(page, 'own profile panel');

    // mfe-admin: the Users table, for ADMIN and SUPER_ADMIN only.
    const adminButton = profile.getByRole('button', { name: 'Admin Panel' });
    if (admin) {
      await adminButton.click();
      const panel = await showAdminSection(page, 'Users');
      await expect(panel.getByRole('table')).toBeVisible();
      // The first user in the server's order (other suites may have added users before this one).
      const apiUsers = await page.request.get(`/api/admin-panel/users/${me.id}?limit=1`);
      const firstEmail = (await apiUsers.json()).items[0].email as string;
      await expect(panel.getByRole('cell', { name: firstEmail })).toBeVisible();
      await expectAccessible(page, 'admin panel');
      // Closing the panel returns to the current user's profile (spec, Admin Panel dialog).
      await panel.getByRole('button', { name: /close/i }).click();
      await expect(page.getByRole('dialog', { name: 'Profile' })).toBeVisible();
    } else {
      await expect(adminButton).toHaveCount(0);
    }

    // The shared libraries came from the shell: each store exists once, no MFE fetched its own React.
    const singletons = await page.evaluate(() => (globalThis as any).__communitySingletons__);
    expect(Object.values(singletons)).toEqual(expect.arrayContaining([1]));
    expect(Object.values(singletons).every((count) => count === 1)).toBe(true);
    expect(mfeRequests.some((path) => /\/mfe\/(events|spaces|profile)\/remoteEntry\.js$/.test(path))).toBe(
      true,
    );
    expect(
      mfeRequests.filter((path) => /\/assets\/(react|react-dom|valtio|wouter)-[\w-]+\.js$/.test(path)),
    ).toEqual([]);

    await page.getByRole('dialog', { name: 'Profile' }).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.goto('/events');
    await expect(page).toHaveURL(/\/auth\/login\?next=%2Fevents$/);
  });
}

test('a member without city, job or company completes their profile first, then reaches the link they opened', async ({
  page,
}) => {
  // A link (an email's, a bookmark) opened signed out: the login keeps it, and so does complete-profile.
  await page.goto('/events?when=past');
  await expect(page).toHaveURL(/\/auth\/login\?next=%2Fevents%3Fwhen%3Dpast$/);
  await page.getByLabel('Email').fill('newcomer@example.com');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth\/complete-profile\?.*next=%2Fevents%3Fwhen%3Dpast/);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('City is required')).toBeVisible();
  await expect(page.getByText('Job is required')).toBeVisible();
  await expect(page.getByText('Company is required')).toBeVisible();
  await expectAccessible(page, 'complete profile with errors');
  await page.getByLabel('City').fill('Lisbon');
  await page.getByLabel('Job').fill('Photographer');
  await page.getByLabel('Company').fill('Studio Luz');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/events\?when=past$/);
  const me = (await (await page.request.get('/api/auth/me')).json()).user;
  expect(me).toMatchObject({ job: 'Photographer', company: 'Studio Luz', address: { city: 'Lisbon' } });
});

test('signing out in one tab ends the session in the other at once', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: process.env.STACK_URL });
  const first = await context.newPage();
  await signInToEvents(first, 'host@example.com');
  const connected = first.waitForResponse(
    (response) => response.url().includes('/api/realtime/ticket') && response.ok(),
  );
  await first.reload();
  await connected;
  const second = await context.newPage();
  await second.goto('/auth/sign-out');
  await expect(second).toHaveURL(/\/auth\/login$/);
  await expect(first).toHaveURL(/\/auth\/login$/, { timeout: 5000 });
  await context.close();
});

test('an unknown page says so and links home', async ({ page }) => {
  await signInToEvents(page, 'member@example.com');
  await page.goto('/no/such/page');
  await expect(page.getByText('Page not found')).toBeVisible();
  await expectAccessible(page, 'not found');
});

test('serves the app with a strict Content Security Policy, and the app runs under it', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto('/auth/login');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');
  await signInToEvents(page, 'member@example.com');
  await openOwnProfile(page);
  expect(violations).toEqual([]);
});

test('a signed-in page arrives with its first screen named: the manifest inline, its remote preloaded, each file fetched once', async ({
  page,
}) => {
  const answer = await page.request.post('/api/auth/login', {
    data: { email: 'member@example.com', password: DEMO_PASSWORD },
  });
  expect(answer.status()).toBe(200);
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(request.url()));
  const response = await page.goto('/events');
  const html = (await response?.text()) ?? '';
  expect(html).toContain('<script type="application/json" id="mfe-manifest">');
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="[^"]*\/mfe\/events\/remoteEntry\.js/);
  expect(html).toMatch(
    /<link rel="modulepreload" crossorigin href="[^"]*\/mfe\/events\/assets\/events-page-/,
  );
  expect(response?.headers()['cache-control']).toBe('no-cache');
  await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading events' })).toHaveCount(0);
  // The shell read the inline manifest instead of asking, took the session check the page preloaded
  // (one request, asked by the page's head), and nothing preloaded was fetched again.
  expect(fetched.filter((url) => url.endsWith('/mfe-manifest.json'))).toEqual([]);
  expect(fetched.filter((url) => url.endsWith('/api/auth/me'))).toHaveLength(1);
  expect(html).toContain('<meta name="first-screen" content="signed-in">');
  const remoteFiles = fetched.filter((url) => url.includes('/mfe/events/'));
  expect(remoteFiles.length).toBeGreaterThan(1);
  expect(new Set(remoteFiles).size).toBe(remoteFiles.length);

  // Signed out, the sign-in page names no remote (it needs none).
  await page.context().clearCookies();
  const signedOut = await (await page.request.get('/events', { headers: { cookie: '' } })).text();
  expect(signedOut).not.toContain('rel="modulepreload"');
});
