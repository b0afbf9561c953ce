import { type AddressRecord, addressCalls } from '@studio/contract/addresses';
import { useQuery } from '@tanstack/react-query';
import { callQuery } from '@/shared/api/call-function';

/** The member's addresses (the address pages, and checkout's choice of where to ship). */
export function useAddresses() {
  return useQuery(callQuery(addressCalls.getList, {}));
}

/** An address on one line, as a list shows it. */
export function addressLine(a: AddressRecord): string {
  return [a.unit, a.address, a.area, a.city, a.province, a.postcode, a.country].filter(Boolean).join(', ');
}
