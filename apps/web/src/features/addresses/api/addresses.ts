import { type AddressRecord, type AddressSaveInput, addressCalls } from '@studio/contract/addresses';
import { useQuery } from '@tanstack/react-query';
import { call, callQuery } from '@/shared/api/call-function';
import { queryClient } from '@/shared/api/query-client';

export function useAddresses() {
  return useQuery(callQuery(addressCalls.getList, {}));
}

const refresh = () => queryClient.invalidateQueries({ queryKey: [addressCalls.getList.url] });

export async function saveAddress(input: AddressSaveInput): Promise<AddressRecord> {
  const { address } = await call(addressCalls.save, input);
  await refresh();
  return address;
}

export async function deleteAddress(id: string): Promise<void> {
  await call(addressCalls.delete, { _id: id });
  await refresh();
}

export async function setDefaultAddress(id: string): Promise<void> {
  await call(addressCalls.setDefault, { _id: id });
  await refresh();
}

/** An address on one line, as a list shows it. */
export function addressLine(a: AddressRecord): string {
  return [a.unit, a.address, a.area, a.city, a.province, a.postcode, a.country].filter(Boolean).join(', ');
}
