import { formatPhone } from '@studio/contract/phone';
import { useCallback } from 'react';
import { useStudio } from './format';

/**
 * Stored (E.164) phone numbers as staff read them: the national format of the studio's country
 * (setting), the international one for numbers of other countries (contract phone.ts).
 */
export function usePhoneFormat(): (value: string) => string {
  const country = useStudio().data?.mchInfo.country;
  return useCallback((value: string) => (country ? formatPhone(value, country) : value), [country]);
}
