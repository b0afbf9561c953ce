import { z } from 'zod';
import { defineCall, noInput } from './protocol';

/** The merchant module: the studio's public profile and settings. */

export const mchInfo = z.object({
  name: z.string(),
  logo: z.string(),
  description: z.string(),
  address: z.string(),
  phone: z.string(),
  currency: z.string(),
  timezone: z.string(),
  share: z.object({ title: z.string(), image: z.string() }),
  h5: z.object({ share: z.object({ title: z.string(), image: z.string() }) }),
  wechat_login_enabled: z.boolean(),
  cancel_window_hours: z.number().int(),
  booking_window_days: z.number().int(),
});
export type MchInfo = z.infer<typeof mchInfo>;

export const appInfo = z.object({ name: z.string(), version: z.string(), h5_weixin_appid: z.string() });

export const merchantCalls = {
  getMchInfo: defineCall('client/pub.getMchInfo', noInput, z.object({ mchInfo, appInfo })),
} as const;
