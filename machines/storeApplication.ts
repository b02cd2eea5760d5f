/**
 * Pure rules of the merchant onboarding wizard (reference §3.19, api §5.3 and §6.9): where an
 * application stands, the form's values and their validation, and what is sent to the server.
 */

/** The step-2 form, with the server's field names. */
export interface ApplicationValues {
  store_logo: string;
  store_name: string;
  /** Goods class paths [level1, level2, level3]; only third-level paths are sent. */
  class_id: number[][];
  store_company_name: string;
  /** Area ids [province, city, district]. */
  area: number[];
  store_address: string;
  /** The store's point (optional): picked on the map or typed, '' when not given. */
  store_lat: string;
  store_lng: string;
  business_license: string;
  /** Unified social credit code (统一社会信用代码). */
  business_license_no: string;
  legal_person: string;
  store_phone: string;
  id_card_no: string;
  id_card_t: string;
  id_card_b: string;
  emergency_contact: string;
  emergency_contact_phone: string;
}

export type ApplicationField = keyof ApplicationValues;

/** The caller's store as `GET /api/store` answers it (null: no application). */
export interface StoreRecord extends Partial<ApplicationValues> {
  id?: number;
  /** 0 unused, 1 applying (not submitted), 2 submitted, 3 rejected, 4 approved (api §5.3). */
  store_verify: number;
  store_refuse_info?: string;
  province_id?: number;
  city_id?: number;
  region_id?: number;
  [field: string]: unknown;
}

/** Where an application stands. */
export type ApplicationStage = 'none' | 'fillingIn' | 'verifying' | 'denied' | 'passed';

/** The wizard's pages. */
export type WizardStep = 'join' | 'step1' | 'step2' | 'step3';

export const STEP_PATHS: Record<WizardStep, string> = {
  join: '/store/join',
  step1: '/store/step_1',
  step2: '/store/step_2',
  step3: '/store/step_3',
};

export const STORE_VERIFY = { applying: 1, submitted: 2, rejected: 3, approved: 4 } as const;

/** Error keys: msg.readAgreement, home.check.notCheck. */
export const READ_AGREEMENT = 'readAgreement';
export const NOT_CHECK = 'notCheck';
export const LOAD_FAILED = 'loadFailed';
export const JOIN_FAILED = 'joinFailed';
export const SUBMIT_FAILED = 'submitFailed';

export type FieldError = 'required' | 'tooLong' | 'phoneFormat' | 'idCardFormat' | 'licenceFormat' | 'coordinate';
export type FieldErrors = Partial<Record<ApplicationField, FieldError | string>>;

export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

/** Longest accepted text per field (the store table's columns; the address box holds 50). */
export const MAX_LENGTHS: Partial<Record<ApplicationField, number>> = {
  store_name: 30,
  store_company_name: 30,
  store_address: 50,
  legal_person: 10,
  emergency_contact: 10,
};

const TEXT_FIELDS = [
  'store_name', 'store_company_name', 'store_address', 'business_license_no', 'legal_person',
  'store_phone', 'id_card_no', 'emergency_contact', 'emergency_contact_phone',
] as const satisfies readonly ApplicationField[];

const IMAGE_FIELDS = ['store_logo', 'business_license', 'id_card_t', 'id_card_b'] as const satisfies readonly ApplicationField[];

/** Optional: the map point (longitude, latitude as decimal text). */
const POINT_FIELDS = ['store_lat', 'store_lng'] as const satisfies readonly ApplicationField[];
const COORDINATE = /^-?\d{1,3}(\.\d{1,12})?$/;

export function stepOf(store: StoreRecord | null | undefined): ApplicationStage {
  if (!store) return 'none';
  switch (Number(store.store_verify)) {
    case STORE_VERIFY.submitted: return 'verifying';
    case STORE_VERIFY.rejected: return 'denied';
    case STORE_VERIFY.approved: return 'passed';
    default: return 'fillingIn';
  }
}

/** The wizard page of a path (`/store/join` when it is none of them). */
export function stepOfPath(path: string): WizardStep {
  const found = (Object.entries(STEP_PATHS) as [WizardStep, string][]).find(([, stepPath]) => stepPath === path);
  return found ? found[0] : 'join';
}

/** The step bar (阅读协议 → 填写资料 → 等待审核 → 审核通过): current index and failure mark. */
export function progressOf(step: WizardStep, stage: ApplicationStage): { active: number; failed: boolean } {
  if (step === 'step1' || step === 'join') return { active: 0, failed: false };
  if (step === 'step2') return { active: 1, failed: false };
  if (stage === 'denied') return { active: 3, failed: true };
  if (stage === 'passed') return { active: 4, failed: false };
  return { active: 2, failed: false };
}

export function emptyValues(): ApplicationValues {
  return {
    store_logo: '', store_name: '', class_id: [], store_company_name: '', area: [], store_address: '', store_lat: '', store_lng: '',
    business_license: '', business_license_no: '', legal_person: '', store_phone: '', id_card_no: '',
    id_card_t: '', id_card_b: '', emergency_contact: '', emergency_contact_phone: '',
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));

/** The form values held by a store record (a draft or a refused application), blanks elsewhere. */
export function valuesOf(store: StoreRecord | null | undefined): ApplicationValues {
  const values = emptyValues();
  if (!store) return values;
  for (const field of [...TEXT_FIELDS, ...IMAGE_FIELDS, ...POINT_FIELDS]) values[field] = text(store[field]);
  values.class_id = Array.isArray(store.class_id)
    ? store.class_id.filter(Array.isArray).map((path) => path.map(Number))
    : [];
  values.area = Array.isArray(store.area)
    ? store.area.map(Number)
    : [store.province_id, store.city_id, store.region_id].map(Number).filter((id) => id > 0);
  return values;
}

/** 18-digit resident ID number with its ISO 7064 MOD 11-2 check character. */
export function isIdCardNo(value: string): boolean {
  if (!/^[1-9]\d{5}(18|19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{3}[\dXx]$/.test(value)) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(value[i]), 0);
  return '10X98765432'[sum % 11] === value[17].toUpperCase();
}

const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';

/** Unified social credit code (GB 32100-2015): 18 characters with its check character. */
export function isCreditCode(value: string): boolean {
  const code = value.toUpperCase();
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) return false;
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const sum = weights.reduce((total, weight, i) => total + weight * CREDIT_CODE_CHARS.indexOf(code[i]), 0);
  return CREDIT_CODE_CHARS[(31 - (sum % 31)) % 31] === code[17];
}

/** Third-level class paths only (what the server stores). */
export const thirdLevelClasses = (paths: readonly number[][]) => paths.filter((path) => Array.isArray(path) && path.length >= 3);

/** Field → error key for every problem of the form; {} when it can be submitted. */
export function validateApplication(values: ApplicationValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of [...TEXT_FIELDS, ...IMAGE_FIELDS]) {
    const value = text(values[field]).trim();
    if (!value) errors[field] = 'required';
    else if (value.length > (MAX_LENGTHS[field] ?? Infinity)) errors[field] = 'tooLong';
  }
  if (thirdLevelClasses(values.class_id ?? []).length === 0) errors.class_id = 'required';
  if ((values.area ?? []).filter((id) => Number(id) > 0).length < 3) errors.area = 'required';
  const trimmed = (field: ApplicationField) => text(values[field]).trim();
  for (const field of ['store_phone', 'emergency_contact_phone'] as const) {
    if (!errors[field] && !PHONE_PATTERN.test(trimmed(field))) errors[field] = 'phoneFormat';
  }
  if (!errors.id_card_no && !isIdCardNo(trimmed('id_card_no'))) errors.id_card_no = 'idCardFormat';
  if (!errors.business_license_no && !isCreditCode(trimmed('business_license_no'))) errors.business_license_no = 'licenceFormat';
  for (const [field, max] of [['store_lat', 90], ['store_lng', 180]] as const) {
    const value = trimmed(field);
    if (value && (!COORDINATE.test(value) || Math.abs(Number(value)) > max)) errors[field] = 'coordinate';
  }
  return errors;
}

export const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;

export type ApplicationPayload = ApplicationValues & { province_id: number; city_id: number; region_id: number };

/** What `PUT /api/store` receives: trimmed texts, third-level classes, area ids split out. */
export function submitPayload(values: ApplicationValues): ApplicationPayload {
  const payload = { ...values, class_id: thirdLevelClasses(values.class_id), area: values.area.map(Number) };
  for (const field of [...TEXT_FIELDS, ...IMAGE_FIELDS, ...POINT_FIELDS]) payload[field] = text(values[field]).trim();
  const [province_id = 0, city_id = 0, region_id = 0] = payload.area;
  return { ...payload, province_id, city_id, region_id };
}

/** A server validation failure naming a form field (`data.field`, decisions.md): field → message. */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!error || typeof error !== 'object') return {};
  const { data, msg } = error as { data?: { field?: unknown }; msg?: unknown };
  const field = data && typeof data === 'object' ? data.field : undefined;
  if (typeof field !== 'string' || !(field in emptyValues())) return {};
  return { [field]: typeof msg === 'string' && msg ? msg : 'required' };
}
