/**
 * The delivery address form (docs/orders-api.md "Addresses"): its values, the checks the server
 * makes too (so most mistakes are caught before a request), and the field a refusal names.
 */
export type AddressField = 'receive_name' | 'receive_tel' | 'area' | 'address';

export interface AddressValues {
  receive_name: string;
  receive_tel: string;
  /** [province, city, district] area ids (two when the city has no districts). */
  area: number[];
  address: string;
  is_default: boolean;
}

/** 'required' | 'tooLong' | 'tel' | 'area', or a server message. */
export type AddressErrors = Partial<Record<AddressField, string>>;

export const ADDRESS_MAX: Record<Exclude<AddressField, 'area'>, number> = { receive_name: 30, receive_tel: 20, address: 120 };

/** Mobile 1xxxxxxxxxx, or a landline: optional area code (0 + 2–3 digits), 7–8 digits, optional extension (as the server). */
export const TEL_PATTERN = /^(1\d{10}|(0\d{2,3}-?)?[2-9]\d{6,7}(-\d{1,6})?)$/;

/** Addresses one user may keep (the server's MAX_ADDRESSES). */
export const MAX_ADDRESSES = 20;

export const emptyAddress = (): AddressValues => ({ receive_name: '', receive_tel: '', area: [], address: '', is_default: false });

const FIELDS: readonly AddressField[] = ['receive_name', 'receive_tel', 'area', 'address'];

export function validateAddress(values: AddressValues): AddressErrors {
  const errors: AddressErrors = {};
  for (const field of ['receive_name', 'receive_tel', 'address'] as const) {
    const text = values[field].trim();
    if (!text) errors[field] = 'required';
    else if ([...text].length > ADDRESS_MAX[field]) errors[field] = 'tooLong';
  }
  if (!errors.receive_tel && !TEL_PATTERN.test(values.receive_tel.trim())) errors.receive_tel = 'tel';
  if (values.area.length < 2 || values.area.some((id) => !Number.isInteger(id) || id < 1)) errors.area = 'area';
  return errors;
}

export const hasAddressErrors = (errors: AddressErrors) => Object.keys(errors).length > 0;

/** What POST / PUT /api/user/addresses receives. */
export const addressPayload = (values: AddressValues) => ({
  receive_name: values.receive_name.trim(),
  receive_tel: values.receive_tel.trim(),
  address: values.address.trim(),
  area: values.area,
  is_default: values.is_default ? 1 : 0,
});

/**
 * The field error of a refusal that names one of the form's fields (`data.field`): the issue's own
 * text (`data.issues[0].message`, without the field name) or the envelope's msg; {} otherwise.
 */
export function addressServerErrors(error: unknown): AddressErrors {
  if (!error || typeof error !== 'object') return {};
  const { data, msg } = error as { data?: { field?: unknown; max?: unknown; issues?: { message?: unknown }[] }; msg?: unknown };
  const field = data && typeof data === 'object' ? data.field : undefined;
  // the address cap (field 'address' with its max) is about the list, not the text typed
  if (typeof field !== 'string' || !(FIELDS as readonly string[]).includes(field) || data?.max !== undefined) return {};
  const issue = Array.isArray(data?.issues) ? data.issues[0]?.message : undefined;
  const text = typeof issue === 'string' && issue ? issue : typeof msg === 'string' && msg ? msg : 'required';
  return { [field]: text };
}
