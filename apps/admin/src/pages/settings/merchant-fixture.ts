import { DEFAULT_NOTICE_CHANNELS } from '@studio/contract/channels';
import { DEFAULT_SHOP_SETTINGS } from '@studio/contract/merchant';
import type { Merchant } from './settings-form';

/**
 * The studio as the tests' fake admin/merchant.get answers it: the contract's defaults, a name and
 * a sender name (only the fields the settings cards read are filled).
 */
export const SAVED_STUDIO = {
  ...DEFAULT_SHOP_SETTINGS,
  name: 'Lotus Flow',
  notice_channels: { ...DEFAULT_NOTICE_CHANNELS, sender_name: 'Lotus' },
} as unknown as Merchant;
