import { adminShopCalls, shopCalls } from '@studio/contract/shop';
import { expectAccessible } from '../support/a11y';
import { callApi, MEMBER_PASSWORD, registerMember } from '../support/api';
import { openPage, paths } from '../support/app';
import { adminToken } from '../support/classes';
import { saveScreenshot } from '../support/screenshots';
import { loginThroughForm } from '../support/session';
import { createGoods, uploadImage } from '../support/shop';
import { expect, test } from '../support/test';

test('a visitor browses the shop, searches in English and Chinese, fills a cart, logs in and finds it merged; stale lines are explained', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const stamp = Math.random().toString(36).slice(2, 6).toUpperCase();
  const image = await uploadImage(request, token);
  // The demo shop's drawn pictures (any upload may be named), so the screenshots show real products.
  const demo = async (id: string) => (await callApi(request, shopCalls.getGoodsDetail, { _id: id })).goods.images;
  const matPictures = await demo('demo-goods-travel-mat');
  const passPicture = (await demo('demo-goods-pass-10'))[0]!;
  const mat = await createGoods(request, token, {
    name: { en: `Cloud Mat ${stamp}`, 'zh-Hans': `云朵瑜伽垫${stamp}` },
    type: 0,
    images: [...matPictures, image],
    description: '<p>Soft and grippy, 4 mm thick, with a carry strap.</p>',
    sku_list: [
      { sku_name: { en: 'Rose', 'zh-Hans': '玫瑰' }, price: 3900, stock: 4, weight: 1500 },
      { sku_name: { en: 'Sage', 'zh-Hans': '鼠尾草' }, price: 4200, stock: 6, weight: 1500 },
      { sku_name: { en: 'Night', 'zh-Hans': '夜色' }, price: 3900, stock: 0, weight: 1500 },
    ],
  });
  const pass = await createGoods(request, token, {
    name: { en: `Sunrise 8-class pass ${stamp}`, 'zh-Hans': `晨光8次卡${stamp}` },
    type: 1,
    images: [passPicture],
    exp_time_mode: 2,
    exp_time_rule: [0, 90],
    sku_list: [{ sku_name: '8 classes', price: 8800, stock: 50, class_count: 8 }],
  });

  await test.step('the shop tab shows categories beside the goods', async () => {
    await openPage(page, paths.order);
    await expect(page.getByRole('list', { name: 'Goods' })).toBeVisible();
    await expect(page.getByText('Class passes')).toBeVisible();
    await expectAccessible(page, 'shop');
  });

  await test.step('search finds the mat in English and in Chinese, as you type', async () => {
    await page.getByRole('searchbox').first().click();
    await expect(page).toHaveURL(/search/);
    const box = page.getByRole('searchbox');
    await box.fill(`cloud ${stamp}`);
    await expect(page.getByRole('link', { name: new RegExp(`Cloud Mat ${stamp}`) })).toBeVisible();
    await box.fill(`云朵瑜伽垫${stamp}`);
    await expect(page.getByRole('link', { name: new RegExp(`Cloud Mat ${stamp}`) })).toBeVisible();
    await expect(page.getByRole('link', { name: /Sunrise/ })).toHaveCount(0);
  });

  await test.step('the mat: a colour picked (sold out ones cannot be), added to the cart', async () => {
    await page.getByRole('link', { name: new RegExp(`Cloud Mat ${stamp}`) }).click();
    await expect(page.getByRole('heading', { name: `Cloud Mat ${stamp}` })).toBeVisible();
    await expect(page.getByText('from £39.00')).toBeVisible();
    await page.getByRole('button', { name: 'Open picture 1 of 3' }).click();
    await expect(page).toHaveURL(/image-gallery/);
    await expect(page.getByRole('img', { name: `Cloud Mat ${stamp}, picture 1 of 3` })).toBeVisible();
    await page.goBack();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const sheet = page.locator('.spec-sheet');
    await expect(sheet.getByText('Night (sold out)')).toBeVisible();
    await sheet.getByText('Sage', { exact: true }).click();
    await expect(sheet.getByText('6 in stock')).toBeVisible();
    await expectAccessible(page, 'options sheet');
    await sheet.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText(`Cloud Mat ${stamp} added to your cart`)).toBeVisible();
    // The sheet slides away first: axe on a half-faded sheet measures the fade.
    await expect(sheet).toHaveCount(0);
    await saveScreenshot(page, 'goods-detail');
    // The toast fades out on its own clock: axe measured a frame of that fade once, so it waits it out.
    await expect(page.getByText(`Cloud Mat ${stamp} added to your cart`)).toHaveCount(0);
    await expectAccessible(page, 'goods detail');
  });

  await test.step('the pass says how many classes and how long, and goes in the cart too', async () => {
    await openPage(page, `${paths.goodsDetail}?_id=${pass._id}`);
    await expect(page.getByText('8 classes').first()).toBeVisible();
    await expect(page.getByText('Valid for 90 days from purchase')).toBeVisible();
    await expect(page.getByText('Accepted by every class')).toBeVisible();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.locator('.spec-sheet').getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText(/added to your cart/)).toBeVisible();
    await openPage(page, paths.goodsCart);
    await expect(page.getByRole('list', { name: 'Cart' }).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByText('£130.00')).toBeVisible();
  });

  const member = await registerMember(request, { prefix: 'shp' });
  await test.step('logging in merges the device cart into the member’s', async () => {
    await openPage(page, paths.login);
    await loginThroughForm(page, member.username, MEMBER_PASSWORD);
    await openPage(page, paths.goodsCart);
    await expect(page.getByRole('list', { name: 'Cart' }).getByRole('listitem')).toHaveCount(2);
    await expect
      .poll(async () => {
        const cart = await request.post('/api/router', {
          data: { url: 'client/order.getCart', data: { mid: 'default' } },
          headers: { 'uni-id-token': member.token },
        });
        return ((await cart.json()) as { list: { goods_id: string }[] }).list.map((l) => l.goods_id).sort();
      })
      .toEqual([mat._id, pass._id].sort());
  });

  await test.step('a price change and a pass taken off sale are explained; the total leaves the pass out', async () => {
    await callApi(
      request,
      adminShopCalls.saveGoods,
      {
        _id: mat._id,
        name: { en: `Cloud Mat ${stamp}`, 'zh-Hans': `云朵瑜伽垫${stamp}` },
        type: 0,
        images: mat.images,
        is_on_sale: true,
        sku_list: mat.sku_list.map((s) => ({
          _id: s._id,
          sku_name: s.sku_name_i18n,
          price: s.sku_name === 'Sage' ? 4500 : s.price,
          weight: s.weight,
        })),
      },
      token,
    );
    await callApi(request, adminShopCalls.setOnSale, { _id: pass._id, is_on_sale: false }, token);
    await page.reload();
    await expect(page.getByText('Price changed from £42.00 to £45.00')).toBeVisible();
    await expect(page.getByText('No longer on sale')).toBeVisible();
    await expect(page.locator('.cart-total')).toContainText('£45.00');
    await saveScreenshot(page, 'cart');
    await expectAccessible(page, 'cart');
    await page.getByRole('button', { name: 'Remove 1 unavailable item' }).click();
    await expect(page.getByRole('list', { name: 'Cart' }).getByRole('listitem')).toHaveCount(1);
  });
});
