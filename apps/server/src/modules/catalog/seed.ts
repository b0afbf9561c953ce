import type { LocalizedText } from '@studio/contract/localized-text';
import type { Db } from '../../platform/db';
import type { UploadStorage } from '../../platform/storage';
import { runUnitOfWork } from '../../platform/unit-of-work';
import { saveUpload } from '../account';
import { searchTextOf } from './admin';
import * as repo from './repo';
import { type Drawing, productPicture } from './seed-images';

/*
 * The demo shop: class passes (course packages) and goods in colours and sizes, with pictures
 * drawn at seed time. Runs once: a studio that already has the demo categories is left alone.
 */

/** Every demo text in each language the app ships (a missing zh-Hant would read zh-Hans's script). */
type Text = Required<LocalizedText>;

interface DemoSku {
  name: Text;
  price: number;
  original?: number;
  stock: number;
  weight?: number;
  classes?: number;
  colour?: string;
}

interface DemoGoods {
  id: string;
  category: string;
  type: 0 | 1;
  name: Text;
  description: Text;
  drawing: Drawing;
  colour: string;
  label?: string;
  cartRule?: 0 | 1;
  validDays?: number;
  courseIds?: string[];
  skus: DemoSku[];
}

const CATEGORIES: { id: string; name: Text }[] = [
  { id: 'demo-cat-passes', name: { en: 'Class passes', 'zh-Hans': '课程卡', 'zh-Hant': '課程卡' } },
  { id: 'demo-cat-mats', name: { en: 'Mats & props', 'zh-Hans': '瑜伽垫与辅具', 'zh-Hant': '瑜伽墊與輔具' } },
  { id: 'demo-cat-clothing', name: { en: 'Clothing', 'zh-Hans': '服装', 'zh-Hant': '服裝' } },
  { id: 'demo-cat-drinks', name: { en: 'Drinks', 'zh-Hans': '饮品', 'zh-Hant': '飲品' } },
];

const colour = (en: string, zhHans: string, zhHant: string, hex: string) => ({
  name: { en, 'zh-Hans': zhHans, 'zh-Hant': zhHant },
  colour: hex,
});

const GOODS: DemoGoods[] = [
  {
    id: 'demo-goods-intro',
    category: 'demo-cat-passes',
    type: 1,
    name: {
      en: 'Intro offer: 3 classes in 14 days',
      'zh-Hans': '新人体验：14天3节课',
      'zh-Hant': '新人體驗：14天3節課',
    },
    description: {
      en: '<p>New to the studio? Try any three classes within two weeks.</p>',
      'zh-Hans': '<p>第一次来？两周内任选三节课体验。</p>',
      'zh-Hant': '<p>第一次來？兩週內任選三節課體驗。</p>',
    },
    drawing: 'pass',
    colour: '#c0713f',
    label: '3',
    cartRule: 1,
    validDays: 14,
    skus: [
      {
        name: { en: '3 classes', 'zh-Hans': '3节课', 'zh-Hant': '3節課' },
        price: 2500,
        original: 4500,
        stock: 200,
        classes: 3,
      },
    ],
  },
  {
    id: 'demo-goods-pass-5',
    category: 'demo-cat-passes',
    type: 1,
    name: { en: '5-class pass', 'zh-Hans': '5次课程卡', 'zh-Hant': '5次課程卡' },
    description: {
      en: '<p>Five classes of any course, valid for two months.</p>',
      'zh-Hans': '<p>任意课程5节，两个月内有效。</p>',
      'zh-Hant': '<p>任意課程5節，兩個月內有效。</p>',
    },
    drawing: 'pass',
    colour: '#8a4b2a',
    label: '5',
    validDays: 60,
    skus: [{ name: { en: '5 classes', 'zh-Hans': '5节课', 'zh-Hant': '5節課' }, price: 6000, stock: 500, classes: 5 }],
  },
  {
    id: 'demo-goods-pass-10',
    category: 'demo-cat-passes',
    type: 1,
    name: { en: '10-class pass', 'zh-Hans': '10次课程卡', 'zh-Hant': '10次課程卡' },
    description: {
      en: '<p>Ten classes of any course, valid for four months.</p>',
      'zh-Hans': '<p>任意课程10节，四个月内有效。</p>',
      'zh-Hant': '<p>任意課程10節，四個月內有效。</p>',
    },
    drawing: 'pass',
    colour: '#5f7a52',
    label: '10',
    validDays: 120,
    skus: [
      {
        name: { en: '10 classes', 'zh-Hans': '10节课', 'zh-Hant': '10節課' },
        price: 11000,
        original: 12000,
        stock: 500,
        classes: 10,
      },
    ],
  },
  {
    id: 'demo-goods-pass-20',
    category: 'demo-cat-passes',
    type: 1,
    name: { en: '20-class pass', 'zh-Hans': '20次课程卡', 'zh-Hant': '20次課程卡' },
    description: {
      en: '<p>Twenty classes of any course, valid for six months.</p>',
      'zh-Hans': '<p>任意课程20节，六个月内有效。</p>',
      'zh-Hant': '<p>任意課程20節，六個月內有效。</p>',
    },
    drawing: 'pass',
    colour: '#3f5f7a',
    label: '20',
    validDays: 180,
    skus: [
      {
        name: { en: '20 classes', 'zh-Hans': '20节课', 'zh-Hant': '20節課' },
        price: 20000,
        original: 24000,
        stock: 500,
        classes: 20,
      },
    ],
  },
  {
    id: 'demo-goods-yin-pass',
    category: 'demo-cat-passes',
    type: 1,
    name: { en: 'Yin & restore 5-class pass', 'zh-Hans': '阴瑜伽5次卡', 'zh-Hant': '陰瑜伽5次卡' },
    description: {
      en: '<p>Five slow, deep Yin classes.</p>',
      'zh-Hans': '<p>五节舒缓深入的阴瑜伽课。</p>',
      'zh-Hant': '<p>五節舒緩深入的陰瑜伽課。</p>',
    },
    drawing: 'pass',
    colour: '#7a4f6e',
    label: '5',
    validDays: 90,
    courseIds: ['demo-course-yin'],
    skus: [
      {
        name: { en: '5 Yin classes', 'zh-Hans': '5节阴瑜伽', 'zh-Hant': '5節陰瑜伽' },
        price: 5000,
        stock: 300,
        classes: 5,
      },
    ],
  },
  {
    id: 'demo-goods-cork-mat',
    category: 'demo-cat-mats',
    type: 0,
    name: { en: 'Cork Yoga Mat', 'zh-Hans': '软木瑜伽垫', 'zh-Hant': '軟木瑜伽墊' },
    description: {
      en: '<p>Natural cork on a rubber base: grips better the more you sweat. 183 × 61 cm, 4 mm.</p>',
      'zh-Hans': '<p>天然软木面，橡胶底：越出汗越防滑。183 × 61 厘米，4 毫米。</p>',
      'zh-Hant': '<p>天然軟木面，橡膠底：越出汗越防滑。183 × 61 厘米，4 毫米。</p>',
    },
    drawing: 'mat',
    colour: '#c9a173',
    skus: [
      { ...colour('Sand', '沙色', '沙色', '#c9a173'), price: 4500, stock: 12, weight: 1800 },
      { ...colour('Moss', '苔绿', '苔綠', '#6f7d4f'), price: 4500, stock: 6, weight: 1800 },
      { ...colour('Clay', '陶土', '陶土', '#b5643f'), price: 4800, original: 5500, stock: 3, weight: 1800 },
    ],
  },
  {
    id: 'demo-goods-travel-mat',
    category: 'demo-cat-mats',
    type: 0,
    name: { en: 'Travel Yoga Mat', 'zh-Hans': '旅行瑜伽垫', 'zh-Hant': '旅行瑜伽墊' },
    description: {
      en: '<p>1.5 mm, folds into your bag.</p>',
      'zh-Hans': '<p>1.5 毫米，可折叠放进包里。</p>',
      'zh-Hant': '<p>1.5 毫米，可折疊放進包裡。</p>',
    },
    drawing: 'rolled-mat',
    colour: '#6d4a7a',
    skus: [
      { ...colour('Plum', '梅紫', '梅紫', '#6d4a7a'), price: 3200, stock: 9, weight: 900 },
      { ...colour('Ocean', '海蓝', '海藍', '#2f6b8a'), price: 3200, stock: 0, weight: 900 },
    ],
  },
  {
    id: 'demo-goods-block',
    category: 'demo-cat-mats',
    type: 0,
    name: { en: 'Yoga Block', 'zh-Hans': '瑜伽砖', 'zh-Hant': '瑜伽磚' },
    description: {
      en: '<p>Firm support for standing and seated poses.</p>',
      'zh-Hans': '<p>为站姿和坐姿体式提供稳固支撑。</p>',
      'zh-Hant': '<p>為站姿和坐姿體式提供穩固支撐。</p>',
    },
    drawing: 'block',
    colour: '#b98b5e',
    skus: [
      { ...colour('Cork', '软木', '軟木', '#b98b5e'), price: 1200, stock: 20, weight: 600 },
      { ...colour('Foam lilac', '淡紫泡沫', '淡紫泡沫', '#a58cc2'), price: 800, stock: 25, weight: 200 },
    ],
  },
  {
    id: 'demo-goods-strap',
    category: 'demo-cat-mats',
    type: 0,
    name: { en: 'Cotton Yoga Strap', 'zh-Hans': '棉质伸展带', 'zh-Hant': '棉質伸展帶' },
    description: {
      en: '<p>2.5 m with a metal D-ring buckle.</p>',
      'zh-Hans': '<p>2.5 米，金属 D 形扣。</p>',
      'zh-Hant': '<p>2.5 米，金屬 D 形扣。</p>',
    },
    drawing: 'strap',
    colour: '#4d6f6a',
    skus: [{ name: { en: 'Teal', 'zh-Hans': '青色', 'zh-Hant': '青色' }, price: 700, stock: 30, weight: 150 }],
  },
  {
    id: 'demo-goods-leggings',
    category: 'demo-cat-clothing',
    type: 0,
    name: { en: 'Studio Leggings', 'zh-Hans': '练功紧身裤', 'zh-Hant': '練功緊身褲' },
    description: {
      en: '<p>High waist, squat-proof, with a key pocket.</p>',
      'zh-Hans': '<p>高腰、深蹲不透，带钥匙袋。</p>',
      'zh-Hant': '<p>高腰、深蹲不透，帶鑰匙袋。</p>',
    },
    drawing: 'leggings',
    colour: '#2e2e38',
    skus: ['XS', 'S', 'M', 'L'].map((size, i) => ({
      name: { en: `Black / ${size}`, 'zh-Hans': `黑色 / ${size}`, 'zh-Hant': `黑色 / ${size}` },
      price: 3800,
      stock: [2, 8, 10, 0][i]!,
      weight: 250,
    })),
  },
  {
    id: 'demo-goods-tee',
    category: 'demo-cat-clothing',
    type: 0,
    name: { en: 'Organic Cotton Tee', 'zh-Hans': '有机棉T恤', 'zh-Hant': '有機棉T恤' },
    description: {
      en: '<p>Soft, breathable, with the studio’s lotus.</p>',
      'zh-Hans': '<p>柔软透气，印有莲花标志。</p>',
      'zh-Hant': '<p>柔軟透氣，印有蓮花標誌。</p>',
    },
    drawing: 'tee',
    colour: '#d9c7ad',
    skus: ['S', 'M', 'L'].map((size) => ({
      name: { en: `Oat / ${size}`, 'zh-Hans': `燕麦色 / ${size}`, 'zh-Hant': `燕麥色 / ${size}` },
      price: 2400,
      stock: 15,
      weight: 200,
    })),
  },
  {
    id: 'demo-goods-coconut',
    category: 'demo-cat-drinks',
    type: 0,
    name: { en: 'Coconut Water', 'zh-Hans': '椰子水', 'zh-Hant': '椰子水' },
    description: {
      en: '<p>330 ml, nothing added.</p>',
      'zh-Hans': '<p>330 毫升，无添加。</p>',
      'zh-Hant': '<p>330 毫升，無添加。</p>',
    },
    drawing: 'can',
    colour: '#7aa36b',
    skus: [{ name: { en: '330 ml', 'zh-Hans': '330毫升', 'zh-Hant': '330毫升' }, price: 250, stock: 48, weight: 360 }],
  },
  {
    id: 'demo-goods-matcha',
    category: 'demo-cat-drinks',
    type: 0,
    name: { en: 'Iced Matcha Latte', 'zh-Hans': '冰抹茶拿铁', 'zh-Hant': '冰抹茶拿鐵' },
    description: {
      en: '<p>Oat milk and ceremonial matcha.</p>',
      'zh-Hans': '<p>燕麦奶与礼仪级抹茶。</p>',
      'zh-Hant': '<p>燕麥奶與禮儀級抹茶。</p>',
    },
    drawing: 'bottle',
    colour: '#8fae5a',
    skus: [
      { name: { en: 'Regular', 'zh-Hans': '常规', 'zh-Hant': '常規' }, price: 320, stock: 24, weight: 300 },
      { name: { en: 'Less sweet', 'zh-Hans': '少糖', 'zh-Hant': '少糖' }, price: 320, stock: 24, weight: 300 },
    ],
  },
];

/**
 * Seeds the demo shop; `ownerId` (the demo admin) is recorded as the uploader of its pictures, and
 * its physical goods are delivered under the freight rule `freightId` (charged by weight).
 */
export async function seedShop(
  db: Db,
  now: Date,
  uploads: UploadStorage,
  ownerId: string,
  freightId: string,
): Promise<void> {
  if (await repo.findCategory(db, CATEGORIES[0]!.id)) return;
  // Pictures first (stored files, outside the transaction); their upload rows go in with them.
  const pictures = new Map<string, string>();
  for (const g of GOODS) {
    const drawings = g.skus.length > 1 && g.skus[0]!.colour ? g.skus.map((s) => s.colour!) : [g.colour];
    for (const [i, c] of drawings.entries()) {
      const buffer = await productPicture(g.drawing, c, g.label);
      const saved = await saveUpload(
        { db, uploads },
        ownerId,
        {
          buffer,
          image: { type: 'png', ext: 'png', mime: 'image/png', width: 800, height: 800 },
          name: `${g.id}-${i}.png`,
        },
        now,
      );
      pictures.set(`${g.id}:${i}`, saved.url);
    }
  }
  await runUnitOfWork({ db }, async ({ tx }) => {
    for (const [sort, c] of CATEGORIES.entries()) {
      await repo.upsertCategory(tx, {
        id: c.id,
        parentId: null,
        name: c.name.en,
        nameI18n: c.name,
        sort,
        createdAt: now,
        updatedAt: now,
      });
    }
    for (const [n, g] of GOODS.entries()) {
      const colourPictures = g.skus.length > 1 && g.skus[0]!.colour;
      const images = colourPictures
        ? g.skus.map((_, i) => pictures.get(`${g.id}:${i}`)!)
        : [pictures.get(`${g.id}:0`)!];
      await repo.upsertGoods(tx, {
        id: g.id,
        name: g.name.en,
        nameI18n: g.name,
        type: g.type,
        categoryId: g.category,
        cartRule: g.cartRule ?? 0,
        images,
        description: g.description.en,
        descriptionI18n: g.description,
        isOnSale: true,
        freightId: g.type === 0 ? freightId : null,
        expTimeMode: g.validDays ? 2 : 0,
        expTimeRule: g.validDays ? [0, g.validDays] : null,
        courseIds: g.courseIds ?? [],
        searchText: searchTextOf(
          g.name,
          g.description,
          g.skus.map((s) => s.name),
        ),
        // Newest first in the shop: the passes lead.
        createdAt: new Date(now.getTime() - n * 1000),
        updatedAt: now,
      });
      for (const [i, s] of g.skus.entries()) {
        await repo.upsertSku(tx, {
          id: `${g.id}-sku-${i}`,
          goodsId: g.id,
          skuName: s.name.en,
          skuNameI18n: s.name,
          price: s.price,
          originalPrice: s.original ?? null,
          stock: s.stock,
          weight: s.weight ?? null,
          classCount: s.classes ?? null,
          image: colourPictures ? images[i]! : null,
          sort: i,
          createdAt: now,
          updatedAt: now,
        });
      }
    }
  });
}
