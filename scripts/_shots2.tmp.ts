import { chromium } from '@playwright/test';
const base = 'http://localhost:8897';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [name, viewport] of [['desktop', { width: 1366, height: 900 }], ['phone', { width: 390, height: 844 }]] as const) {
  const context = await browser.newContext({ baseURL: base, viewport, timezoneId: 'Europe/Berlin' });
  const page = await context.newPage();
  await page.request.post('/api/auth/login', { data: { email: 'host@example.com', password: 'community-demo' } });
  await page.goto('/events');
  await page.getByRole('radio', { name: 'Cards' }).or(page.getByRole('button', { name: 'Cards' })).or(page.getByRole('tab', { name: 'Cards' })).first().click();
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/shots-b/${name}-cards.png`, fullPage: name === 'desktop' });
  await page.getByRole('tab', { name: 'Past' }).or(page.getByRole('link', { name: 'Past' })).first().click();
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/shots-b/${name}-cards-past.png`, fullPage: name === 'desktop' });
  await page.getByRole('tab', { name: 'My drafts' }).or(page.getByRole('link', { name: 'My drafts' })).first().click();
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/shots-b/${name}-cards-drafts.png` });
  await context.close();
}
await browser.close();
