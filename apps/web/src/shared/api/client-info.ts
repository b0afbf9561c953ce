import { CLIENT_HEADERS } from '@studio/contract/protocol-core';
import i18n from '@/i18n/i18n';
import { APP_ID, APP_VERSION, PLATFORM } from '@/shared/config';
import { useLifeData } from '@/shared/store/life-data';

function osOf(userAgent: string): string {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  if (/HarmonyOS/i.test(userAgent)) return 'harmony';
  if (/Windows/i.test(userAgent)) return 'windows';
  if (/Mac OS X/i.test(userAgent)) return 'macos';
  if (/Linux/i.test(userAgent)) return 'linux';
  return 'other';
}

/** The headers every call and upload carries (API.md): the token when held, and who is calling. */
export function clientHeaders(): Record<string, string> {
  const { user, app } = useLifeData.getState();
  const headers: Record<string, string> = {
    [CLIENT_HEADERS.appId]: APP_ID,
    [CLIENT_HEADERS.platform]: PLATFORM,
    [CLIENT_HEADERS.locale]: i18n.language,
    [CLIENT_HEADERS.deviceId]: app.deviceId,
    [CLIENT_HEADERS.os]: osOf(navigator.userAgent),
    [CLIENT_HEADERS.appVersion]: APP_VERSION,
  };
  if (user.uni_id_token) headers[CLIENT_HEADERS.token] = user.uni_id_token;
  return headers;
}
