import { type AddressRecord, type AddressSaveInput, addressCalls } from '@studio/contract/addresses';
import { call } from '@/shared/api/call-function';
import { queryClient } from '@/shared/api/query-client';

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
