import { adminMerchantCalls } from '@studio/contract/merchant';
import { expectAccessible } from '../../support/a11y';
import { gotoAdmin, loginAdmin, pageTitle } from '../../support/admin';
import { callApi, DEMO, tokenOf } from '../../support/api';
import { saveScreenshot } from '../../support/screenshots';
import { expect, test } from '../../support/test';

// Other journeys read the studio too: this one changes only the Help & contact card and puts it back.
test('an owner writes the studio’s Help & contact: Sunday closed and a question in two languages', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await tokenOf(request, DEMO.admin);
  const { merchant: before } = await callApi(request, adminMerchantCalls.get, {}, token);
  try {
    await loginAdmin(page, DEMO.admin);
    await gotoAdmin(page, '/settings');
    await expect(pageTitle(page)).toHaveText('Settings');
    const card = page.locator('#service-center');
    await card.getByLabel('Contact e-mail').fill('desk@lotus-yoga.example');
    // Another journey may have written the studio's hours and questions already: Sunday is set, not
    // toggled, and the new question is the last one.
    const sunday = card.getByRole('switch', { name: 'Open on Sunday' });
    if ((await sunday.getAttribute('aria-checked')) === 'true') await sunday.click();
    await expect(sunday).toHaveAttribute('aria-checked', 'false');
    await card.getByRole('button', { name: 'Add a question' }).click();
    await card.getByLabel('Question · English').last().fill('Is there parking?');
    await card.getByLabel('Answer · English').last().fill('Yes, on Mill Lane after 6pm.');
    await card.getByLabel('Question · 简体中文').last().fill('有停车位吗？');
    await card.getByLabel('Answer · 简体中文').last().fill('有，晚上六点后可停在磨坊巷。');
    await card.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'help and contact settings');
    await card.getByRole('button', { name: 'Save help & contact' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();

    const { merchant } = await callApi(request, adminMerchantCalls.get, {}, token);
    expect(merchant.service_center.email).toBe('desk@lotus-yoga.example');
    expect(merchant.service_center.hours.sun.closed).toBe(true);
    expect(merchant.service_center.hours.sat.closed).toBe(false);
    expect(merchant.service_center.faq.at(-1)).toMatchObject({
      question: { en: 'Is there parking?', 'zh-Hans': '有停车位吗？' },
      answer: { en: 'Yes, on Mill Lane after 6pm.' },
    });
    await expect(page.getByText('Settings saved')).toBeHidden();
    await card.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await saveScreenshot(page, 'admin-help-contact-settings');
  } finally {
    await callApi(request, adminMerchantCalls.save, { service_center: before.service_center }, token);
  }
});
