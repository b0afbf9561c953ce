import sharp from 'sharp';
import { expectAccessible } from '../../support/a11y';
import { adminMenu, chooseOption, loginAdmin, memberPhone, pageTitle } from '../../support/admin';
import { drawer, saveDrawer } from '../../support/admin-catalog';
import { DEMO, uniqueName } from '../../support/api';
import { openPage, paths } from '../../support/app';
import { saveScreenshot } from '../../support/screenshots';
import { expect, test } from '../../support/test';

/** A product picture: a soft square in the colour asked, as a staff member's photo would be. */
const picture = (colour: string) =>
  sharp({ create: { width: 600, height: 600, channels: 3, background: colour } })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect x="150" y="260" width="300" height="80" rx="40" fill="#ffffff" opacity="0.7"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();

test('staff create a category and a goods item with three options and pictures, adjust its stock, and members see it in the shop', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueName('g').slice(-5).toUpperCase();
  const category = `Straps ${tag}`;
  const name = `Loop Strap ${tag}`;
  await loginAdmin(page, DEMO.admin);

  await test.step('a category in the tree', async () => {
    await adminMenu(page).getByRole('link', { name: 'Categories' }).click();
    await expect(pageTitle(page)).toHaveText('Categories');
    await page.getByRole('button', { name: 'New category' }).click();
    await drawer(page).getByRole('group', { name: 'Name' }).getByRole('textbox', { name: 'English' }).fill(category);
    await drawer(page)
      .getByRole('group', { name: 'Name' })
      .getByRole('textbox', { name: '简体中文' })
      .fill(`伸展带${tag}`);
    await saveDrawer(page);
    await expect(page.getByRole('tree')).toContainText(category);
    await expectAccessible(page, 'back-office categories');
  });

  await test.step('a freight rule by weight', async () => {
    await adminMenu(page).getByRole('link', { name: 'Freight rules' }).click();
    await page.getByRole('button', { name: 'New rule' }).click();
    await drawer(page).getByLabel('Name').fill(`Parcel ${tag}`);
    await saveDrawer(page);
    // The defaults: 1 kg for £4.00, then £1.50 each 500 g: a 2.5 kg parcel costs £8.50.
    await expect(page.getByRole('row', { name: new RegExp(`Parcel ${tag}`) })).toContainText('£8.50');
    await expectAccessible(page, 'back-office freight rules');
  });

  await test.step('a goods item with pictures, three options and a description', async () => {
    await adminMenu(page).getByRole('link', { name: 'Goods' }).click();
    await page.getByRole('button', { name: 'New goods' }).click();
    await expect(pageTitle(page)).toHaveText('New goods');
    const names = page.getByRole('group', { name: 'Name' });
    await names.getByRole('textbox', { name: 'English' }).fill(name);
    await names.getByRole('textbox', { name: '简体中文' }).fill(`环扣伸展带${tag}`);
    await page.getByLabel('Category').click();
    await page.locator('.ant-select-tree-node-content-wrapper', { hasText: category }).click();
    await page.getByRole('switch', { name: 'On sale' }).click();
    await page.getByRole('combobox', { name: 'Freight rule' }).click();
    await chooseOption(page, `Parcel ${tag}`);

    for (const colour of ['#2f6b6a', '#6d4a7a']) {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Pictures: Upload' }).click();
      await (await chooser).setFiles({ name: 'strap.png', mimeType: 'image/png', buffer: await picture(colour) });
    }
    await expect(page.getByRole('list', { name: 'Pictures' }).getByRole('listitem')).toHaveCount(2);

    await page.getByRole('combobox', { name: 'Option list 1' }).fill('Teal');
    await page.keyboard.press('Enter');
    await page.getByRole('combobox', { name: 'Option list 1' }).fill('Plum');
    await page.keyboard.press('Enter');
    await page.getByRole('combobox', { name: 'Option list 1' }).fill('Sand');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Make 3 rows from these lists' }).click();
    const prices = [7, 7.5, 7];
    const stocks = [5, 3, 0];
    for (let i = 0; i < 3; i++) {
      await page.getByLabel(`Price ${i + 1}`).fill(String(prices[i]));
      await page.getByLabel(`Stock ${i + 1}`).fill(String(stocks[i]));
    }
    await page.getByRole('textbox', { name: 'Description (English)' }).click();
    await page.keyboard.type('Cotton strap with a metal loop. ');
    await page.getByRole('button', { name: 'Bold' }).first().click();
    await page.keyboard.type('Machine washable.');

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/admin\/shop\/goods\/[0-9a-z]+$/);
    await expect(pageTitle(page)).toHaveText(name);
    await page.reload();
    await expect(page.getByText(`Parcel ${tag}`)).toBeVisible();
    await saveScreenshot(page, 'admin-goods-editor');
    await expectAccessible(page, 'back-office goods editor');
  });

  await test.step('stock adjusted with a reason, never below zero', async () => {
    const sandRow = page.getByRole('row').filter({ has: page.getByRole('textbox', { name: 'Option 3 · English' }) });
    await sandRow.getByRole('button', { name: 'Adjust' }).click();
    const dialog = page.getByRole('dialog', { name: /Adjust stock of Sand/ });
    await dialog.getByLabel('Change').fill('-1');
    await dialog.getByLabel('Reason').fill('Damaged');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Only 0 in stock: it cannot go below 0')).toBeVisible();
    await dialog.getByLabel('Change').fill('4');
    await dialog.getByLabel('Reason').fill('Delivery from the supplier');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Stock is now 4')).toBeVisible();
    await expect(sandRow).toContainText('4');
  });

  await test.step('the goods list finds it, filtered, with its price range and stock', async () => {
    await adminMenu(page).getByRole('link', { name: 'Goods' }).click();
    await page.getByRole('searchbox').fill(tag);
    await page.getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(new RegExp(`keyword=${tag}`));
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('£7.00 – £7.50');
    await expect(row).toContainText('12');
    await page.getByRole('combobox', { name: 'Type' }).click();
    await chooseOption(page, 'Physical item');
    await expect(row).toBeVisible();
    await page.reload();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    await page.getByRole('checkbox', { name: /Low stock only/ }).click();
    await expect(page).toHaveURL(/low_stock=1/);
    await expect(page.getByRole('checkbox', { name: /Low stock only/ })).toBeChecked();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    await expectAccessible(page, 'back-office goods');
  });

  await test.step('members find it in the shop: in its category, with its options and description', async () => {
    const phone = await memberPhone(browser, baseURL);
    await openPage(phone, `${paths.goodsSearch}?keyword=${encodeURIComponent(`环扣伸展带${tag}`)}`);
    await phone.getByRole('link', { name: new RegExp(name) }).click();
    await expect(phone.getByRole('heading', { name })).toBeVisible();
    await expect(phone.getByText('from £7.00')).toBeVisible();
    await expect(phone.getByText('Machine washable.')).toHaveCSS('font-weight', '700');
    await phone.getByRole('button', { name: 'Add to cart' }).click();
    const sheet = phone.locator('.spec-sheet');
    for (const option of ['Teal', 'Plum', 'Sand']) await expect(sheet.getByText(option, { exact: true })).toBeVisible();
    await phone.context().close();
  });
});
