// Staff's side of the catalog: categories and goods saved, put on or off sale, stock adjusted.
import type { Locale } from '@studio/contract/locale';
import { applyLocalizedInput, type LocalizedText } from '@studio/contract/localized-text';
import {
  type adminGoodsListInput,
  type adminGoodsRecord,
  type adminSkuRecord,
  CATEGORY_MAX_LEVEL,
  type categorySaveInput,
  type goodsSaveInput,
  STOCK_MAX,
} from '@studio/contract/shop';
import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { makeImageVariants } from '../../platform/images';
import { pageOf } from '../../platform/paging';
import type { CallContext } from '../../platform/protocol';
import type { UploadStorage } from '../../platform/storage';
import { runUnitOfWork } from '../../platform/unit-of-work';
import { uploadedImage, uploadKeyOf } from '../account';
import { auditBy, recordAudit } from '../audit';
import { assertFreightRule } from '../freight';
import { getMerchant } from '../merchant';
import { assertCoursesExist } from '../schedule';
import { catalogReadCache } from './read-cache';
import * as repo from './repo';
import { categoryWithDescendants, toDetail, toSkuRecord, toSummary } from './service';

type Shown = z.input<typeof adminGoodsRecord>;

function toAdminRecord(g: repo.GoodsRow, skus: repo.SkuRow[], locale?: Locale): Shown {
  return {
    // The goods' own limit (null: the studio's), not the one a member is held to.
    ...toDetail(g, skus, [], false, 0, locale),
    max_per_order: g.maxPerOrder,
    name_i18n: g.nameI18n,
    description_i18n: g.descriptionI18n,
    course_ids: g.courseIds,
    sku_list: skus.map(
      (s): z.input<typeof adminSkuRecord> => ({ ...toSkuRecord(s, locale), sku_name_i18n: s.skuNameI18n }),
    ),
    created_at: g.createdAt.toISOString(),
    updated_at: g.updatedAt.toISOString(),
  };
}

/**
 * A change of the catalog in one unit of work; once it committed (or failed), this instance's read
 * cache forgets what it served, so the writer's next read shows the change.
 */
async function catalogWrite<T>(ctx: CallContext, work: Parameters<typeof runUnitOfWork<T>>[1]): Promise<T> {
  try {
    return await runUnitOfWork(ctx, work);
  } finally {
    catalogReadCache(ctx.db).invalidate();
  }
}

export async function saveCategory(ctx: CallContext, input: z.output<typeof categorySaveInput>) {
  const now = ctx.clock.now();
  return catalogWrite(ctx, async ({ tx }) => {
    const rows = await repo.listCategories(tx);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const existing = input._id ? (byId.get(input._id) ?? fail('NOT_FOUND', {}, { field: '_id' })) : undefined;
    const id = existing?.id ?? newId();
    let depth = 1;
    for (let p = input.parent_id; p; p = byId.get(p)?.parentId ?? null) {
      if (!byId.has(p)) fail('NOT_FOUND', {}, { field: 'parent_id' });
      if (p === id) fail('INVALID_PARAM', { field: 'parent_id' }, { field: 'parent_id', reason: 'cycle' });
      depth++;
    }
    const below = (nodeId: string): number =>
      1 + Math.max(0, ...rows.filter((r) => r.parentId === nodeId).map((r) => below(r.id)));
    const height = existing ? below(existing.id) : 1;
    if (depth + height - 1 > CATEGORY_MAX_LEVEL) fail('CATEGORY_TOO_DEEP', { levels: CATEGORY_MAX_LEVEL });
    const { defaultLocale } = await getMerchant(tx);
    const name = applyLocalizedInput(input.name, defaultLocale, existing?.nameI18n);
    const saved = await repo.upsertCategory(tx, {
      id,
      parentId: input.parent_id,
      name: name.value,
      nameI18n: name.values,
      sort: input.sort,
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(tx, auditBy(ctx), {
      objectType: 'category',
      objectId: id,
      before: existing ?? null,
      after: saved,
    });
    return saved;
  });
}

/** Deletes an empty category: no sub-categories, no goods. */
export async function deleteCategory(ctx: CallContext, id: string): Promise<void> {
  await catalogWrite(ctx, async ({ tx }) => {
    const rows = await repo.listCategories(tx);
    const existing = rows.find((r) => r.id === id) ?? fail('NOT_FOUND', {}, { field: '_id' });
    const goodsIn = (await repo.goodsCountByCategory(tx)).get(id) ?? 0;
    if (goodsIn > 0 || rows.some((r) => r.parentId === id)) fail('CATEGORY_NOT_EMPTY');
    await repo.deleteCategory(tx, id);
    await recordAudit(tx, auditBy(ctx), { objectType: 'category', objectId: id, before: existing, after: null });
  });
}

// ---------------------------------------------------------------------------------------------
// Goods for staff
// ---------------------------------------------------------------------------------------------

export async function adminGoodsList(ctx: CallContext, input: z.output<typeof adminGoodsListInput>) {
  const { rows, total } = await repo.listGoods(
    ctx.db,
    {
      categoryIds: input.category_id ? await categoryWithDescendants(ctx.db, input.category_id) : undefined,
      keyword: input.keyword,
      type: input.type,
      isOnSale: input.is_on_sale,
      lowStock: input.low_stock,
    },
    input,
    { sort: input.sort ?? 'created_at', order: input.sort ? input.order : 'desc' },
  );
  return pageOf(
    rows.map((r) => toSummary(r.goods, r, ctx.locale)),
    total,
    input,
  );
}

export async function adminGoods(db: DbOrTx, id: string, locale?: Locale): Promise<Shown> {
  const g = (await repo.findGoods(db, id)) ?? fail('NOT_FOUND', {}, { field: '_id' });
  return toAdminRecord(g, await repo.listSkus(db, [g.id]), locale);
}

/** Rich text as staff may write it: headings, paragraphs, lists, emphasis, links and images. */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'img', 'blockquote'],
    allowedAttributes: { a: ['href'], img: ['src', 'alt'] },
    allowedSchemes: ['https', 'http', 'mailto'],
    allowedSchemesByTag: { img: [] },
    allowProtocolRelative: false,
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
  });
}

const plain = (html: string) => sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });

/** Every language of the name, SKU names and description, in lower case, for the keyword search. */
export function searchTextOf(name: LocalizedText, description: LocalizedText, skuNames: LocalizedText[]): string {
  const parts = [
    ...Object.values(name),
    ...skuNames.flatMap((s) => Object.values(s)),
    ...Object.values(description).map((d) => plain(d ?? '')),
  ];
  return parts.join(' \n ').toLowerCase().slice(0, 20_000);
}

/** An uploaded image's url, with its sizes made (an upload from before sizes existed gets them now). */
async function goodsImage(tx: Tx, uploads: UploadStorage, url: string, field: string): Promise<string> {
  const stored = await uploadedImage(tx, url, field);
  const key = uploadKeyOf(stored);
  if (key) await makeImageVariants(uploads, key);
  return stored;
}

/**
 * Creates or edits a goods item and its SKUs in one audited unit of work. SKUs given with an `_id`
 * must be this goods'; SKUs left out are removed (kept for the carts and orders naming them). An
 * existing SKU's stock is not touched here (admin/goods.adjustStock moves it).
 */
export async function saveGoods(ctx: CallContext, input: z.output<typeof goodsSaveInput>): Promise<Shown> {
  const now = ctx.clock.now();
  return catalogWrite(ctx, async ({ tx }) => {
    const existing = input._id
      ? ((await repo.lockGoods(tx, input._id)) ?? fail('NOT_FOUND', {}, { field: '_id' }))
      : undefined;
    const existingSkus = existing ? await repo.listSkus(tx, [existing.id]) : [];
    if (existing && existing.type !== input.type) {
      fail('INVALID_PARAM', { field: 'type' }, { field: 'type', reason: 'typeFixed' });
    }
    if (input.category_id && !(await repo.findCategory(tx, input.category_id))) {
      fail('NOT_FOUND', {}, { field: 'category_id' });
    }
    if (input.type === 0 && input.freight_id) await assertFreightRule(tx, input.freight_id, 'freight_id');
    const courseIds = input.type === 1 ? [...new Set(input.course_ids ?? existing?.courseIds ?? [])] : [];
    await assertCoursesExist(tx, courseIds);
    const images: string[] = [];
    for (const [i, url] of input.images.entries()) {
      images.push(await goodsImage(tx, ctx.deps.uploads, url, `images.${i}`));
    }
    const { defaultLocale } = await getMerchant(tx);
    const name = applyLocalizedInput(input.name, defaultLocale, existing?.nameI18n);
    const description = applyLocalizedInput(
      typeof input.description === 'string'
        ? sanitizeDescription(input.description)
        : Object.fromEntries(Object.entries(input.description).map(([l, v]) => [l, sanitizeDescription(v ?? '')])),
      defaultLocale,
      existing?.descriptionI18n,
    );
    const id = existing?.id ?? newId();
    const skuInputs = input.sku_list;
    const mine = new Map(existingSkus.map((s) => [s.id, s]));
    const skuNames: LocalizedText[] = [];
    const prepared = [];
    for (const [i, s] of skuInputs.entries()) {
      const prior = s._id ? mine.get(s._id) : undefined;
      if (s._id && !prior) fail('NOT_FOUND', {}, { field: `sku_list.${i}._id` });
      const skuName = applyLocalizedInput(s.sku_name, defaultLocale, prior?.skuNameI18n);
      skuNames.push(skuName.values);
      const image = s.image ? await goodsImage(tx, ctx.deps.uploads, s.image, `sku_list.${i}.image`) : null;
      prepared.push({ i, s, prior, skuName, image });
    }
    const saved = await repo.upsertGoods(tx, {
      id,
      name: name.value,
      nameI18n: name.values,
      type: input.type,
      categoryId: input.category_id,
      cartRule: input.cart_rule,
      images,
      description: description.value,
      descriptionI18n: description.values,
      isOnSale: input.is_on_sale,
      freightId: input.type === 0 ? (input.freight_id ?? existing?.freightId ?? null) : null,
      expTimeMode: input.type === 1 ? input.exp_time_mode : 0,
      expTimeRange: input.type === 1 && input.exp_time_mode === 1 ? (input.exp_time_range ?? null) : null,
      expTimeRule: input.type === 1 && input.exp_time_mode === 2 ? (input.exp_time_rule ?? null) : null,
      courseIds,
      maxPerOrder: input.max_per_order === undefined ? (existing?.maxPerOrder ?? null) : input.max_per_order,
      searchText: searchTextOf(name.values, description.values, skuNames),
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    });
    const skus: repo.SkuRow[] = [];
    for (const { i, s, prior, skuName, image } of prepared) {
      skus.push(
        await repo.upsertSku(tx, {
          id: prior?.id ?? newId(),
          goodsId: id,
          skuName: skuName.value,
          skuNameI18n: skuName.values,
          price: s.price,
          originalPrice: s.original_price ?? null,
          stock: prior ? prior.stock : (s.stock ?? 0),
          weight: input.type === 0 ? (s.weight ?? null) : null,
          classCount: input.type === 1 ? (s.class_count ?? null) : null,
          image,
          sort: i,
          createdAt: prior?.createdAt ?? now,
          updatedAt: now,
        }),
      );
    }
    await repo.removeSkusExcept(
      tx,
      id,
      skus.map((s) => s.id),
      now,
    );
    const after = toAdminRecord(saved, skus, ctx.locale);
    await recordAudit(tx, auditBy(ctx), {
      objectType: 'goods',
      objectId: id,
      before: existing ? toAdminRecord(existing, existingSkus, ctx.locale) : null,
      after,
    });
    return after;
  });
}

export async function setOnSale(ctx: CallContext, id: string, isOnSale: boolean): Promise<Shown> {
  return catalogWrite(ctx, async ({ tx }) => {
    const before = (await repo.lockGoods(tx, id)) ?? fail('NOT_FOUND', {}, { field: '_id' });
    const after = (await repo.setOnSale(tx, id, isOnSale, ctx.clock.now()))!;
    await recordAudit(tx, auditBy(ctx), {
      objectType: 'goods',
      objectId: id,
      before: { is_on_sale: before.isOnSale },
      after: { is_on_sale: after.isOnSale },
    });
    return toAdminRecord(after, await repo.listSkus(tx, [id]), ctx.locale);
  });
}

/**
 * Staff move a SKU's stock by `delta` (never below 0 nor above STOCK_MAX, whatever else moves it at
 * once), audited with the reason.
 */
export async function adjustStock(
  ctx: CallContext,
  input: { sku_id: string; delta: number; reason: string },
): Promise<z.input<typeof adminSkuRecord>> {
  const now = ctx.clock.now();
  return catalogWrite(ctx, async ({ tx }) => {
    const before = await repo.findSku(tx, input.sku_id);
    if (!before || before.removedAt) fail('NOT_FOUND', {}, { field: 'sku_id' });
    const after = await repo.adjustStock(tx, input.sku_id, input.delta, now, STOCK_MAX);
    if (!after) {
      const stock = (await repo.findSku(tx, input.sku_id))?.stock ?? 0;
      if (input.delta > 0) fail('STOCK_ABOVE_MAX', { max: STOCK_MAX }, { max: STOCK_MAX });
      fail('STOCK_BELOW_ZERO', { stock }, { stock });
    }
    await recordAudit(tx, auditBy(ctx), {
      objectType: 'sku',
      objectId: input.sku_id,
      before: { stock: before!.stock },
      after: { stock: after!.stock, delta: input.delta, reason: input.reason },
    });
    return { ...toSkuRecord(after!, ctx.locale), sku_name_i18n: after!.skuNameI18n };
  });
}
