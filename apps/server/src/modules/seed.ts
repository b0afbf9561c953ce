import type { Role } from '@studio/contract/account';
import type { LocalizedText } from '@studio/contract/localized-text';
import type { Permission } from '@studio/contract/permissions';
import type { Db } from '../platform/db';
import type { UploadStorage } from '../platform/storage';
import { createUser, findUserByUsername } from './account';
import { seedShop } from './catalog';
import { seedCoupons } from './coupons';
import { seedFreightRule } from './freight';
import { seedPayTypes, seedStudioCountry, seedStudioRow } from './merchant';
import { seedClasses, seedClassHistory } from './reservations';

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_ACCOUNTS: {
  username: string;
  nickname: string;
  roles: Role[];
  isVerifyStaff?: boolean;
  permissions?: Permission[];
}[] = [
  { username: 'member', nickname: 'Mia Member', roles: ['member'] },
  { username: 'teacher', nickname: 'Tara Teacher', roles: ['member', 'teacher'] },
  { username: 'staff', nickname: 'Sam Staff', roles: ['member'], isVerifyStaff: true },
  { username: 'admin', nickname: 'Ada Admin', roles: ['member', 'admin'] },
  // The front desk runs the day in the back office (schedule, members, packages, payments and sales
  // at the desk) but not its settings, nor shipping and cancelling orders.
  {
    username: 'frontdesk',
    nickname: 'Fran Frontdesk',
    roles: ['member'],
    permissions: ['classes.manage', 'members.manage', 'packages.manage', 'orders.desk'],
  },
];

/** The demo studio's texts: written in English, its default language, and in both Chinese scripts. */
const STUDIO = {
  name: { en: 'Lotus Flow Studio', 'zh-Hans': '莲流瑜伽馆', 'zh-Hant': '蓮流瑜伽館' },
  description: {
    en: 'Yoga, pilates and mindful movement in the heart of town.',
    'zh-Hans': '位于市中心的瑜伽、普拉提与正念运动空间。',
    'zh-Hant': '位於市中心的瑜伽、皮拉提斯與正念運動空間。',
  },
  address: { en: '12 Willow Lane, London', 'zh-Hans': '伦敦柳树巷12号', 'zh-Hant': '倫敦柳樹巷12號' },
  tagline: {
    en: 'Move with us at Lotus Flow Studio',
    'zh-Hans': '来莲流瑜伽馆，和我们一起动起来',
    'zh-Hant': '來蓮流瑜伽館，和我們一起動起來',
  },
} satisfies Record<string, Required<LocalizedText>>;

/**
 * The demo studio: merchant info and the demo accounts, their passwords hashed at `hashCost`
 * (config PASSWORD_HASH_COST). Idempotent: runs at every start.
 */
export async function seedDemo(db: Db, now: Date, hashCost: number, uploads: UploadStorage): Promise<void> {
  await seedStudioRow(db, {
    name: STUDIO.name.en,
    nameI18n: STUDIO.name,
    logo: '/demo/logo.svg',
    description: STUDIO.description.en,
    descriptionI18n: STUDIO.description,
    address: STUDIO.address.en,
    addressI18n: STUDIO.address,
    phone: '+44 20 7946 0000',
    currency: 'GBP',
    timezone: 'Europe/London',
    shareTitle: STUDIO.tagline.en,
    shareTitleI18n: STUDIO.tagline,
    shareImage: '/demo/share.svg',
    defaultLocale: 'en',
  });
  // The demo is a test studio: the sandbox card is on (SANDBOX_PAYMENTS follows SEED_DEMO), and
  // both apps say so. A studio started without the demo never has it ticked.
  await seedPayTypes(db, ['balance', 'sandbox', 'offline']);
  // A London studio: numbers typed without a "+" are British (07700 900123 → +447700900123).
  await seedStudioCountry(db, 'GB');

  for (const demo of DEMO_ACCOUNTS) {
    if (await findUserByUsername(db, demo.username)) continue;
    await createUser(
      db,
      {
        username: demo.username,
        password: DEMO_PASSWORD,
        hashCost,
        nickname: demo.nickname,
        roles: demo.roles,
        permissions: demo.permissions,
        isVerifyStaff: demo.isVerifyStaff,
      },
      now,
    );
  }
  await seedClasses(db, now, { password: DEMO_PASSWORD, hashCost });
  // Eight weeks of past classes and the regulars who came (the owner's reports have a past to show).
  await seedClassHistory(db, now);
  const admin = await findUserByUsername(db, 'admin');
  await seedShop(db, now, uploads, admin!.id, await seedFreightRule(db, now));
  await seedCoupons(db, now);
}
