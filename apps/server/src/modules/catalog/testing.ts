import { adminShopCalls, type GoodsSaveInput } from '@studio/contract/shop';
import { expect } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { png } from '../account/image-fixtures';
import { saveUpload } from '../account/upload';

/** An image uploaded by `userId`, as staff would before naming it in a goods item. */
export async function uploadedPng(t: TestApp, userId: string, width = 400, height = 300): Promise<string> {
  const buffer = png(width, height);
  const saved = await saveUpload(
    { db: t.app.db, uploads: t.app.deps.uploads },
    userId,
    { buffer, image: { type: 'png', ext: 'png', mime: 'image/png', width, height }, name: 'goods.png' },
    t.clock.now(),
  );
  return saved.url;
}

let n = 0;

/** A goods item saved through admin/goods.save (on sale, one SKU of 10 at £12.50 unless told). */
export async function buildGoods(t: TestApp, adminToken: string, overrides: Partial<GoodsSaveInput> = {}) {
  n++;
  const res = await t.call(
    adminShopCalls.saveGoods,
    {
      name: `Goods ${n}`,
      type: 0,
      is_on_sale: true,
      sku_list: [{ sku_name: 'Standard', price: 1250, stock: 10, weight: 500 }],
      ...overrides,
    } as GoodsSaveInput,
    { token: adminToken },
  );
  expect(res.code, res.msg).toBe(0);
  return res.goods;
}
