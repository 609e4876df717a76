// The demo looks like a community from its first minute (issue 30, "Faces"): its members show
// pictures, not initials, in the members directory, and their profile panel carries a cover; all
// drawn when the demo is created (scripts/lib/demo-faces.ts) and uploaded as each member at the
// start. The newcomer, who has not filled in a profile yet, keeps the initials.
import { expect, type Locator, test } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers.ts';

test.use({ baseURL: process.env.STACK_URL });

/** A picture that is in the page and drawn (not the initials behind it), of the width it was made at. */
async function expectDrawn(image: Locator, width: number) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(width);
}

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`demo members show their pictures in the directory and a cover on their profile (${viewport.width} px)`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    const answer = await page.request.post('/api/auth/login', {
      data: { email: 'member@example.com', password: DEMO_PASSWORD },
    });
    expect(answer.status()).toBe(200);
    await page.goto('/members');
    await page.getByLabel('Search members').fill('Kenji');

    // The directory: Kenji's row shows his face.
    const row = page.getByRole('button', { name: /Kenji Tanaka/ }).first();
    await expectDrawn(row.getByRole('img', { name: 'Kenji Tanaka' }), 256);
    // The newcomer's row shows her initials.
    await page.getByLabel('Search members').fill('Nora');
    const newcomer = page.getByRole('button', { name: /Nora Newman/ }).first();
    await expect(newcomer.locator('[data-initials="NN"]')).toBeVisible();
    await expect(newcomer.getByRole('img', { name: 'Nora Newman' })).toHaveCount(0);
    await page.getByLabel('Search members').fill('');
    // The whole directory again (its rows name the @pseudo; the leaderboard's do not).
    await expectDrawn(
      page.getByRole('button', { name: /@amara_okafor/ }).getByRole('img', { name: 'Amara Okafor' }),
      256,
    );
    await page.screenshot({ path: testInfo.outputPath(`members-${viewport.width}.png`) });

    // The profile panel: the cover band and the face.
    await page.getByLabel('Search members').fill('Kenji');
    await row.click();
    const panel = page.getByRole('dialog', { name: 'Profile' });
    await expect(panel.getByRole('heading', { name: 'Kenji Tanaka' })).toBeVisible();
    await expectDrawn(panel.getByTestId('profile-cover').locator('img'), 900);
    await expectDrawn(panel.getByRole('img', { name: 'Kenji Tanaka' }), 256);
    await page.screenshot({ path: testInfo.outputPath(`profile-${viewport.width}.png`) });
  });
}
