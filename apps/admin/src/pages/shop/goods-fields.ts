import { toMajorUnits, toMinorUnits } from '@studio/contract/format';
import type { LocalizedText } from '@studio/contract/localized-text';
import type { AdminGoodsRecord, GoodsSaveInput } from '@studio/contract/shop';
import dayjs, { type Dayjs } from 'dayjs';
import { localizedValue } from '@/shared/forms/localized-fields';

/** The goods editor's form values and their conversion from and to the contract's goods record. */

export interface SkuFields {
  _id?: string;
  sku_name: LocalizedText;
  /** Major units (pounds) as typed; sent in minor units. */
  price?: number;
  original_price?: number | null;
  stock?: number;
  weight?: number | null;
  class_count?: number | null;
  image?: string | null;
}

export interface GoodsFields {
  name: LocalizedText;
  type: 0 | 1;
  category_id?: string | null;
  cart_rule: boolean;
  /** Units of one SKU an order may hold; empty = the studio's max_units_per_sku. */
  max_per_order?: number | null;
  is_on_sale: boolean;
  images: string[];
  description: LocalizedText;
  exp_time_mode: 0 | 1 | 2;
  delay_days?: number;
  valid_days?: number;
  valid_range?: [Dayjs, Dayjs];
  course_ids: string[];
  freight_id?: string | null;
  sku_list: SkuFields[];
}

const toMinor = (major: number | null | undefined) => (major == null ? null : toMinorUnits(major));
const toMajor = (minor: number | null | undefined) => (minor == null ? null : toMajorUnits(minor));

export function fieldsOf(goods: AdminGoodsRecord): GoodsFields {
  return {
    name: goods.name_i18n,
    type: goods.type,
    category_id: goods.category_id,
    cart_rule: goods.cart_rule === 1,
    max_per_order: goods.max_per_order,
    is_on_sale: goods.is_on_sale,
    images: goods.images,
    description: goods.description_i18n,
    exp_time_mode: goods.exp_time_mode,
    delay_days: goods.exp_time_rule?.[0] ?? 0,
    valid_days: goods.exp_time_rule?.[1],
    valid_range: goods.exp_time_range ? [dayjs(goods.exp_time_range[0]), dayjs(goods.exp_time_range[1])] : undefined,
    course_ids: goods.course_ids,
    freight_id: goods.freight_id,
    sku_list: goods.sku_list.map((s) => ({
      _id: s._id,
      sku_name: s.sku_name_i18n,
      price: toMajor(s.price) ?? undefined,
      original_price: toMajor(s.original_price),
      stock: s.stock,
      weight: s.weight,
      class_count: s.class_count,
      image: s.image,
    })),
  };
}

export const NEW_GOODS: Partial<GoodsFields> = {
  type: 0,
  cart_rule: false,
  is_on_sale: false,
  images: [],
  description: {},
  exp_time_mode: 2,
  delay_days: 0,
  valid_days: 90,
  course_ids: [],
  sku_list: [{ sku_name: {}, stock: 0 }],
};

export function inputOf(fields: GoodsFields, id: string | undefined, canSetFreight: boolean): GoodsSaveInput {
  const isPackage = fields.type === 1;
  return {
    // Staff who cannot see the freight rules leave the goods' rule as it is.
    ...(canSetFreight && !isPackage ? { freight_id: fields.freight_id ?? null } : {}),
    ...(id ? { _id: id } : {}),
    name: localizedValue(fields.name),
    type: fields.type,
    category_id: fields.category_id ?? null,
    cart_rule: fields.cart_rule ? 1 : 0,
    max_per_order: fields.max_per_order ?? null,
    is_on_sale: fields.is_on_sale,
    images: fields.images ?? [],
    description: localizedValue(fields.description ?? {}),
    exp_time_mode: isPackage ? fields.exp_time_mode : 0,
    exp_time_rule: isPackage && fields.exp_time_mode === 2 ? [fields.delay_days ?? 0, fields.valid_days ?? 0] : null,
    exp_time_range:
      isPackage && fields.exp_time_mode === 1 && fields.valid_range
        ? [fields.valid_range[0].startOf('day').toISOString(), fields.valid_range[1].endOf('day').toISOString()]
        : null,
    course_ids: isPackage ? (fields.course_ids ?? []) : [],
    sku_list: (fields.sku_list ?? []).map((s) => ({
      ...(s._id ? { _id: s._id } : { stock: s.stock ?? 0 }),
      sku_name: localizedValue(s.sku_name),
      price: toMinor(s.price) ?? 0,
      original_price: toMinor(s.original_price),
      weight: isPackage ? null : (s.weight ?? null),
      class_count: isPackage ? (s.class_count ?? null) : null,
      image: s.image ?? null,
    })),
  };
}
