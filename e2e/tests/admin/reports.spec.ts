import { readFileSync } from 'node:fs';
import { adminOrderCalls, orderCalls } from '@studio/contract/orders';
import { adminWalletCalls } from '@studio/contract/wallet';
import { expectAccessible } from '../../support/a11y';
import { adminMenu, gotoAdmin, loginAdmin, pageTitle } from '../../support/admin';
import { callApi, DEMO, registerMember, tokenOf } from '../../support/api';
import { saveScreenshot } from '../../support/screenshots';
import { createGoods } from '../../support/shop';
import { type Download, expect, type Page, test } from '../../support/test';

/** A CSV the server made: its header and rows, the byte-order mark, quotes and formula guards taken off. */
function readCsv(text: string): { header: string[]; rows: string[][] } {
  const cell = (raw: string) => raw.replace(/^"|"$/g, '').replace(/^'/, '');
  const [header = [], ...rows] = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) => line.split(',').map(cell));
  return { header, rows };
}

/** A figure's money as the CSV writes it: "£1,234.50" → "1234.50", "-£5.00" → "-5.00". */
const asCsvMoney = (shown: string) => shown.replace(/[^\d.-]/g, '');

/** The large value of a figure card. */
const figureValue = (page: Page, name: string) =>
  page.getByRole('group', { name, exact: true }).locator('.ant-statistic-content');

async function downloadOf(page: Page, button: string): Promise<{ name: string; csv: string }> {
  const download: Promise<Download> = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await download;
  return { name: file.suggestedFilename(), csv: readFileSync((await file.path()) ?? '', 'utf8') };
}

test('staff open Reports, change the range, see the charts, download a CSV whose totals match the screen, and the dashboard shows takings', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  // A sale of this week: two mats paid from the wallet, collected at the studio.
  const admin = await tokenOf(request, DEMO.admin);
  const stamp = Math.random().toString(36).slice(2, 6).toUpperCase();
  const goods = await createGoods(request, admin, {
    name: `Report Mat ${stamp}`,
    type: 0,
    sku_list: [{ sku_name: 'Plum', price: 2_500, stock: 10, weight: 900 }],
  });
  const member = await registerMember(request, { prefix: 'rep' });
  await callApi(
    request,
    adminWalletCalls.adjust,
    { user_id: member.uid, amount: 5_000, reason: 'Reports journey' },
    admin,
  );
  const order = await callApi(
    request,
    orderCalls.createOrder,
    { items: [{ sku_id: goods.sku_list[0]!._id, buy_num: 2 }], delivery: 'pickup' },
    member.token,
  );
  await callApi(request, orderCalls.pay, { order_no: order.order_no, pay_type: 'balance' }, member.token);
  // And a class pass sold at the desk, once in cash and once by card terminal: two kinds, three methods.
  const pass = await createGoods(request, admin, {
    name: `Report Pass ${stamp}`,
    type: 1,
    exp_time_mode: 2,
    exp_time_rule: [0, 90],
    sku_list: [{ sku_name: '10 classes', price: 9_000, stock: 100, class_count: 10 }],
  });
  for (const method of ['cash', 'card_terminal'] as const) {
    const buyer = await registerMember(request, { prefix: 'rep' });
    await callApi(
      request,
      adminOrderCalls.sellPackage,
      { user_id: buyer.uid, sku_id: pass.sku_list[0]!._id, method, request_id: `report-${stamp}-${method}` },
      admin,
    );
  }

  await loginAdmin(page, DEMO.admin);

  await test.step('Reports opens on revenue for the last 30 days; this week and the interval go into the URL', async () => {
    await adminMenu(page).getByRole('link', { name: 'Reports' }).click();
    await expect(pageTitle(page)).toHaveText('Reports');
    await expect(page.getByRole('tab', { name: 'Revenue', selected: true })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
    await page.getByText('This week', { exact: true }).click();
    await expect(page).toHaveURL(/range=this_week/);
    await expect(page.getByRole('radio', { name: 'This week' })).toBeChecked();
    // The sale is in it: net sales of at least the two mats, beside last week's days.
    await expect(figureValue(page, 'Net sales')).toHaveText(/£/);
    await expect(page.getByRole('group', { name: 'Net sales' })).toContainText('Previous period:');
    await expect(page.locator('.report-chart .recharts-surface').first()).toBeVisible();
    await expect(page.locator('.report-chart .recharts-bar-rectangle').first()).toBeVisible();
    await page.getByText('Week', { exact: true }).click();
    await expect(page).toHaveURL(/interval=week/);
    await page.getByText('Day', { exact: true }).click();
    await expect(page).toHaveURL(/interval=day/);
    await expectAccessible(page, 'revenue report');
    await saveScreenshot(page, 'admin-report-revenue');
  });

  await test.step('the revenue CSV holds the totals on screen', async () => {
    // Another journey may sell something meanwhile: the screen is read again after each download.
    await expect(async () => {
      await page.reload();
      const net = asCsvMoney((await figureValue(page, 'Net sales').textContent()) ?? '');
      const taken = asCsvMoney((await figureValue(page, 'Taken').textContent()) ?? '');
      const refunded = asCsvMoney((await figureValue(page, 'Refunded').textContent()) ?? '');
      const file = await downloadOf(page, 'Export CSV: Revenue');
      expect(file.name).toMatch(/^revenue-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
      const { header, rows } = readCsv(file.csv);
      const total = rows.find((row) => row[0] === 'total') ?? [];
      expect({
        net: total[header.indexOf('net')],
        taken: total[header.indexOf('taken')],
        refunded: total[header.indexOf('refunded')],
      }).toEqual({ net, taken, refunded });
      expect(Number(net)).toBeGreaterThanOrEqual(230);
      // The table's total row says the same.
      await expect(page.getByRole('table', { name: 'Net sales by period' }).locator('.report-total')).toContainText(
        `£${Number(net).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`,
      );
    }).toPass({ timeout: 30_000 });
  });

  await test.step('sales name the mats among the best sellers, with their units and revenue', async () => {
    await page.getByRole('tab', { name: 'Sales' }).click();
    await expect(page).toHaveURL(/\/admin\/reports\/sales\?.*range=this_week/);
    const row = page
      .getByRole('table', { name: 'Best sellers' })
      .getByRole('row', { name: new RegExp(`Report Mat ${stamp}`) });
    await expect(row).toContainText('2');
    await expect(row).toContainText('£50.00');
    await expect(
      page.getByRole('table', { name: 'Best sellers' }).getByRole('row', { name: new RegExp(`Report Pass ${stamp}`) }),
    ).toContainText('£180.00');
    await expect(page.locator('.report-chart .recharts-surface').first()).toBeVisible();
    await expectAccessible(page, 'sales report');
    await saveScreenshot(page, 'admin-report-sales');
  });

  await test.step('classes, with the fill by course and teacher and the heat map', async () => {
    await page.getByRole('tab', { name: 'Classes' }).click();
    await page.getByText('Last 30 days', { exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/reports\/classes\?range=last_30_days/);
    await expect(page.getByRole('group', { name: 'Fill rate' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'When classes fill (weekday × start time)' })).toBeVisible();
    await expectAccessible(page, 'classes report');
    await saveScreenshot(page, 'admin-report-classes');
  });

  await test.step('members: new, active and lapsed, and retention by month of joining', async () => {
    await page.getByRole('tab', { name: 'Members' }).click();
    await expect(page.getByRole('group', { name: 'New members' })).toBeVisible();
    await expect(figureValue(page, 'New members')).not.toHaveText('0');
    await expectAccessible(page, 'members report');
    await saveScreenshot(page, 'admin-report-members');
  });

  await test.step('what the studio owes, and its CSV', async () => {
    await page.getByRole('tab', { name: 'What the studio owes' }).click();
    await expect(page.getByRole('group', { name: 'Wallet balances' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'This week' })).toHaveCount(0);
    await expectAccessible(page, 'liabilities report');
    await saveScreenshot(page, 'admin-report-liabilities');
    await expect(async () => {
      await page.reload();
      const wallets = asCsvMoney((await figureValue(page, 'Wallet balances').textContent()) ?? '');
      const credits = (await figureValue(page, 'Unused class credits').textContent())?.replace(/\D/g, '');
      const { rows } = readCsv((await downloadOf(page, 'Export CSV: What the studio owes')).csv);
      const value = (measure: string) => rows.find((row) => row[0] === measure)?.[1];
      expect({ wallets: value('wallet_balances'), credits: value('unused_credits') }).toEqual({ wallets, credits });
    }).toPass({ timeout: 30_000 });
  });

  await test.step('the dashboard shows today’s and this week’s takings with the sparkline', async () => {
    await gotoAdmin(page, '/');
    await expect(pageTitle(page)).toHaveText('Dashboard');
    const today = page.locator('.takings-card .ant-statistic').filter({ hasText: 'Takings today' });
    await expect(today).toContainText('£');
    const todayNet = Number(asCsvMoney((await today.locator('.ant-statistic-content').textContent()) ?? ''));
    expect(todayNet).toBeGreaterThanOrEqual(230);
    await expect(page.locator('.takings-card').getByText('Takings this week')).toBeVisible();
    await expect(page.locator('.takings-spark .recharts-surface')).toBeVisible();
    await expectAccessible(page, 'dashboard with takings');
    await page.getByRole('link', { name: 'Open the revenue report' }).click();
    await expect(page).toHaveURL(/\/admin\/reports\/revenue/);
  });

  await test.step('in Chinese', async () => {
    await page.evaluate(() => localStorage.setItem('studio-admin-locale', 'zh-Hans'));
    await gotoAdmin(page, '/reports/revenue?range=last_30_days');
    await expect(pageTitle(page)).toHaveText('报表');
    await expect(page.getByRole('group', { name: '净销售额' })).toContainText('上一时段');
    await expect(page.locator('.report-chart .recharts-surface').first()).toBeVisible();
    await saveScreenshot(page, 'admin-report-revenue-zh-Hans');
    await page.evaluate(() => localStorage.removeItem('studio-admin-locale'));
  });
});
