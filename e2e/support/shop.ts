import type { APIRequestContext } from '@playwright/test';
import { adminShopCalls, type GoodsSaveInput } from '@studio/contract/shop';
import { callApi } from './api';

/** A real 2×2 PNG: the server decodes every upload and makes its WebP sizes. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFElEQVR4nGP4z8DwHwyBNAMDAwMAj5QH+VpHchsAAAAASUVORK5CYII=',
  'base64',
);

/** Uploads an image as staff would (POST /api/upload); answers its url. */
export async function uploadImage(request: APIRequestContext, token: string, png: Buffer = TINY_PNG): Promise<string> {
  const response = await request.post('/api/upload', {
    headers: { 'uni-id-token': token },
    multipart: { file: { name: 'goods.png', mimeType: 'image/png', buffer: png } },
  });
  const body = (await response.json()) as { code: number | string; url?: string; msg: string };
  if (body.code !== 0 || !body.url) throw new Error(`upload answered ${body.code}: ${body.msg}`);
  return body.url;
}

/** A goods item saved through admin/goods.save, on sale. */
export async function createGoods(request: APIRequestContext, token: string, input: GoodsSaveInput) {
  const { goods } = await callApi(request, adminShopCalls.saveGoods, { is_on_sale: true, ...input }, token);
  return goods;
}
