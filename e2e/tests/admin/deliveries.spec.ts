import { adminDeliveryCalls } from '@studio/contract/channels';
import { adminMerchantCalls } from '@studio/contract/merchant';
import { adminNoticeCalls } from '@studio/contract/notifications';
import { expectAccessible } from '../../support/a11y';
import { adminMenu, chooseOption, gotoAdmin, loginAdmin, pageTitle } from '../../support/admin';
import { callApi, DEMO, tokenOf, uniqueName } from '../../support/api';
import {
  adminToken,
  bookThroughApi,
  createClassSetup,
  createSession,
  grantPackage,
  hours,
  sessionTimes,
} from '../../support/classes';
import { memberByEmail } from '../../support/mail';
import { saveScreenshot } from '../../support/screenshots';
import { expect, test } from '../../support/test';

/** The body of the back office's next admin/merchant.save, as it goes to /api/router. */
function nextSave(page: import('@playwright/test').Page) {
  return page.waitForRequest(
    (req) => req.url().endsWith('/api/router') && req.postDataJSON()?.url === 'admin/merchant.save',
  );
}

// Other journeys run at the same time against the same studio and its e-mails (e-mail notices are on
// by default and they count on it): this one never saves e-mail off. It switches e-mail off and on
// again and changes the sender name, which none of them reads, and saves: only the name goes, as
// that is all that changed. It puts the name back afterwards.
test('an owner finds e-mail notices on in Settings → Notifications, sees what text messages would cost, and saves a sender name', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const token = await tokenOf(request, DEMO.admin);
  const { merchant: before } = await callApi(request, adminMerchantCalls.get, {}, token);
  expect(before.notice_channels.email).toBe(true);
  const sender = `Lotus Flow ${uniqueName('').slice(-4).toUpperCase()}`;

  try {
    await loginAdmin(page, DEMO.admin);
    await gotoAdmin(page, '/settings');
    await expect(pageTitle(page)).toHaveText('Settings');
    const card = page.locator('.ant-card', { has: page.getByRole('button', { name: 'Save notifications' }) });
    const email = card.getByRole('switch', { name: 'E-mail' });

    await test.step('e-mail is on as saved; switched off and on again it is still on', async () => {
      await expect(email).toBeChecked();
      await email.click();
      await expect(email).not.toBeChecked();
      await email.click();
      await expect(email).toBeChecked();
    });

    await test.step('text messages say what they cost and which notices they are for', async () => {
      const texts = card.getByRole('switch', { name: 'Text messages' });
      await expect(texts).not.toBeChecked();
      await texts.click();
      await expect(card.getByText('Each text message costs money.')).toBeVisible();
      const kinds = card.getByRole('group', { name: 'Send a text message when' });
      await expect(kinds.getByRole('checkbox', { name: 'a class is cancelled' })).toBeChecked();
      await expect(kinds.getByRole('checkbox', { name: 'a class is about to start (the reminder)' })).not.toBeChecked();
      await card.scrollIntoViewIfNeeded();
      await expectAccessible(page, 'settings, notifications');
      // Off again: texts cost money, and other journeys read the codes the fake SMS service keeps.
      await texts.click();
      await expect(card.getByText('Each text message costs money.')).toBeHidden();
    });

    await test.step('saving sends only what changed: the sender name', async () => {
      await card.getByRole('textbox', { name: 'Sender name' }).fill(sender);
      const save = nextSave(page);
      await card.getByRole('button', { name: 'Save notifications' }).click();
      expect((await save).postDataJSON().data).toEqual({ notice_channels: { sender_name: sender } });
      await expect(page.getByText('Settings saved')).toBeVisible();
    });

    await test.step('after a reload the section shows what the server keeps', async () => {
      await page.reload();
      await expect(card.getByRole('textbox', { name: 'Sender name' })).toHaveValue(sender);
      await expect(card.getByRole('switch', { name: 'E-mail' })).toBeChecked();
      await expect(card.getByRole('spinbutton', { name: 'Tries per message' })).toHaveValue(
        String(before.delivery_tries),
      );
      const { merchant } = await callApi(request, adminMerchantCalls.get, {}, token);
      expect(merchant.notice_channels).toEqual({ ...before.notice_channels, sender_name: sender });
    });
  } finally {
    await callApi(
      request,
      adminMerchantCalls.save,
      { notice_channels: { sender_name: before.notice_channels.sender_name } },
      token,
    );
  }
});

test('staff open an announcement’s deliveries, narrow them to e-mail, send one again, and find the member’s notices from their page', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await adminToken(request);
  const tag = uniqueName('d').slice(-5).toUpperCase();
  const title = `Studio open on the bank holiday ${tag}`;

  // An announcement for the members booked on a course of this test's own: one member, with an
  // e-mail address, so one e-mail delivery and no other journey's member.
  const setup = await createClassSetup(request, { courseName: 'Breathwork' });
  const session = await createSession(request, setup, sessionTimes(hours(26)));
  const member = await memberByEmail(request);
  await grantPackage(request, token, member.uid, `Pack ${tag}`, 5);
  await bookThroughApi(request, member, session._id);
  const { notice } = await callApi(
    request,
    adminNoticeCalls.save,
    {
      title: { en: title },
      content: { en: '<p>Classes as usual on Monday.</p>' },
      audience: 'course',
      course_ids: [setup.course._id],
      course_days: 7,
    },
    token,
  );
  // Deliveries are written once the announcement's event is handled, after its commit.
  await expect
    .poll(async () => {
      const list = await callApi(
        request,
        adminDeliveryCalls.getList,
        { pageIndex: 1, pageSize: 20, notice_id: notice._id },
        token,
      );
      return list.rows.map((d) => `${d.channel} ${d.target} ${d.state}`);
    })
    .toEqual([`email ${member.email} sent`]);

  await loginAdmin(page, DEMO.admin);

  await test.step('from the announcement’s row to its deliveries', async () => {
    await adminMenu(page).getByRole('link', { name: 'Notices', exact: true }).click();
    await expect(pageTitle(page)).toHaveText('Notices');
    const row = page.getByRole('row', { name: new RegExp(title) });
    await row.getByRole('link', { name: `Deliveries of ${title}` }).click();
    await expect(pageTitle(page)).toHaveText('Delivery log');
    await expect(page).toHaveURL(new RegExp(`notice_id=${notice._id}`));
    await expect(page.getByRole('button', { name: 'Remove the filter Notice: Announcement' })).toBeVisible();
  });

  const row = page.getByRole('row', { name: new RegExp(member.email.replace(/[.+]/g, '\\$&')) });

  await test.step('narrowed to e-mail: the member’s address, sent once', async () => {
    await page.getByRole('combobox', { name: 'Channel' }).click();
    await chooseOption(page, 'E-mail');
    await expect(page).toHaveURL(/channel=email/);
    await expect(row).toContainText('Announcement');
    await expect(row.getByRole('cell').nth(4)).toHaveText('Sent1 try');
    await page.mouse.move(1400, 880);
    await expectAccessible(page, 'delivery log');
    await saveScreenshot(page, 'admin-deliveries');
  });

  await test.step('send it again, after a confirmation naming where it goes', async () => {
    await row.getByRole('button', { name: /^Send again: Announcement to / }).click();
    const confirm = page.getByRole('dialog', { name: /^Send “Announcement” to .* again\?$/ });
    await expect(confirm).toContainText(`It goes by E-mail to ${member.email} now, with fresh tries.`);
    await expectAccessible(page, 'send again confirmation');
    await confirm.getByRole('button', { name: 'Send again' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Sent again', { exact: true })).toBeVisible();
    // Tried again at once with fresh tries: sent, by its first try of the new round.
    await expect(row.getByRole('cell').nth(4)).toHaveText('Sent1 try');
  });

  await test.step('the member’s page links to the notices they were sent', async () => {
    await gotoAdmin(page, `/members/${member.uid}`);
    await page.getByRole('link', { name: 'Notices sent' }).click();
    await expect(pageTitle(page)).toHaveText('Delivery log');
    await expect(page).toHaveURL(new RegExp(`user_id=${member.uid}`));
    await expect(page.getByRole('button', { name: `Remove the filter Member: ${member.email}` })).toBeVisible();
    // Every channel and notice of theirs: the announcement, and the package granted them before it.
    const theirs = page.getByRole('table', { name: 'Delivery log' }).getByRole('row').filter({ hasText: member.email });
    await expect(theirs.filter({ hasText: 'Announcement' })).toHaveCount(1);
    await expect(theirs.filter({ hasText: 'Package issued' })).toHaveCount(1);
  });
});
