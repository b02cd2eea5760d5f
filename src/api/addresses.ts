import { addressPayload, type AddressValues } from '../../machines/addressForm';
import { request, type ApiResult } from './client';

/** A row of `GET /api/user/addresses` (docs/orders-api.md "Addresses"). */
export interface AddressRow {
  id: number;
  receive_name: string;
  receive_tel: string;
  area_info: string;
  address: string;
  province_id: number;
  city_id: number;
  region_id: number;
  area: number[];
  is_default: boolean;
  created_at: string;
}

/** GET /api/user/addresses?isAll=1 → every own address, the default first, then the newest. */
export function loadAddresses(): Promise<ApiResult<AddressRow[]>> {
  return request<AddressRow[]>(2, 'GET', '/user/addresses', { isAll: 1 }, { quiet: true });
}

export function loadAddress(id: number): Promise<ApiResult<AddressRow>> {
  return request<AddressRow>(2, 'GET', `/user/addresses/${id}`, undefined, { quiet: true });
}

/** POST (no id) or PUT /api/user/addresses/{id} → the saved row; a 422 names the field in data.field. */
export function saveAddress(id: number | null, values: AddressValues): Promise<ApiResult<AddressRow>> {
  return id === null
    ? request<AddressRow>(2, 'POST', '/user/addresses', addressPayload(values), { quiet: true })
    : request<AddressRow>(2, 'PUT', `/user/addresses/${id}`, addressPayload(values), { quiet: true });
}

export function deleteAddresses(ids: readonly number[]): Promise<ApiResult<number>> {
  return request<number>(2, 'DELETE', `/user/addresses/${ids.join(',')}`, undefined, { quiet: true });
}

/** PUT /api/user/addresses/default/{id} → the row, now the only default. */
export function setDefaultAddress(id: number): Promise<ApiResult<AddressRow>> {
  return request<AddressRow>(2, 'PUT', `/user/addresses/default/${id}`, undefined, { quiet: true });
}

/** A row as the address form's values. */
export const addressValuesOf = (row: AddressRow): AddressValues => ({
  receive_name: row.receive_name,
  receive_tel: row.receive_tel,
  area: row.area,
  address: row.address,
  is_default: row.is_default,
});
