import { useCallback, useEffect, useState } from 'react';
import { useMchInfo } from '@/shared/merchant/mch-info';

type PhoneModule = typeof import('@studio/contract/phone');
let phoneModule: Promise<PhoneModule> | undefined;
let loaded: PhoneModule | undefined;

/** "+447700900123" → "+44 ***0123" before the formatter is in: nothing of the middle shows even then. */
function roughMask(value: string): string {
  return value.length >= 7 ? `${value.slice(0, 3)} ***${value.slice(-4)}` : value;
}

/**
 * Formats stored (E.164) phone numbers as people read them: the national format of the studio's
 * country, the international one for other countries (contract phone.ts); `masked` hides the middle
 * digits. The formatter and its metadata (~35 KB gzip) load after the page, so a page that only shows
 * a number does not wait for them: until then a number shows as stored.
 */
export function usePhoneFormat(): (value: string, masked?: boolean) => string {
  const country = useMchInfo().data?.mchInfo.country;
  const [phone, setPhone] = useState(loaded);
  useEffect(() => {
    if (phone) return;
    let live = true;
    phoneModule ??= import('@studio/contract/phone');
    void phoneModule.then((module) => {
      loaded = module;
      if (live) setPhone(module);
    });
    return () => {
      live = false;
    };
  }, [phone]);
  return useCallback(
    (value: string, masked = false) => {
      if (!phone || !country) return masked ? roughMask(value) : value;
      return masked ? phone.maskPhone(value, country) : phone.formatPhone(value, country);
    },
    [phone, country],
  );
}

/** A stored phone number, formatted (usePhoneFormat). */
export function PhoneText({ value, masked = false }: { value: string; masked?: boolean }) {
  const format = usePhoneFormat();
  return <span className="phone-number">{format(value, masked)}</span>;
}
