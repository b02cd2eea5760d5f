import { validate, type FieldErrors, type FieldRule, type Values } from '../../../../../machines/table';
import type { FormField } from '../../../table/types';

/**
 * Store settings (screens §4.6, server/modules/seller-admin/store.ts): five tabs, each saving
 * only its own store fields with `PUT /Seller/stores/0`. Slides are three images per device in
 * fixed positions, sent comma-joined with empty slots kept (`,/uploads/b.png,` is slide 2 only);
 * the map point is a latitude / longitude pair.
 */
export const SLIDES = 3;

const UPLOAD_URL: FieldRule = { pattern: /^(https?:\/\/[^\s<>"']+|\/uploads\/[^\s<>"']+)?$/i, message: 'page.common.uploadUrlRule' };
const COORD = /^-?\d{1,3}(\.\d{1,12})?$/;

const slideFields = (prefix: string, folder: string, label: string): FormField[] =>
  Array.from({ length: SLIDES }, (_, i) => ({ label: `${label}${i + 1}`, value: `${prefix}_${i}`, type: 'image' as const, folder, span: 8 }));

export interface StoreTab {
  key: string;
  label: string;
  fields: FormField[];
  rules: Record<string, FieldRule[]>;
}

export const STORE_TABS: StoreTab[] = [
  {
    key: 'base',
    label: 'page.store.tab.base',
    fields: [
      { label: 'page.store.logo', value: 'store_logo', type: 'image', folder: 'store_logo', option: { width: 242, height: 74 } },
      { label: 'page.store.name', value: 'store_name', span: 12 },
      { label: 'page.store.mobile', value: 'store_mobile', span: 12 },
      { label: 'page.store.description', value: 'store_description', type: 'textarea', maxLength: 150 },
      { label: 'page.store.afterSale', value: 'after_sale_service', type: 'editor', folder: 'editor' },
    ],
    rules: {
      store_logo: [{ maxLength: 150 }, UPLOAD_URL],
      store_name: [{ required: true }, { maxLength: 30 }],
      store_mobile: [{ maxLength: 20 }, { pattern: /^[0-9+\-\s()]*$/, message: 'page.store.mobileRule' }],
      store_description: [{ maxLength: 150 }],
    },
  },
  {
    key: 'face',
    label: 'page.store.tab.face',
    fields: [{ label: 'page.store.face', value: 'store_face_image', type: 'image', folder: 'store_face' }],
    rules: { store_face_image: [{ maxLength: 150 }, UPLOAD_URL] },
  },
  {
    key: 'map',
    label: 'page.store.tab.map',
    fields: [
      { label: 'page.store.area', value: 'area', type: 'cascader', lazyUrl: '/load_areas?isLazy=1', lazyKey: 'code', labelName: 'name', valueName: 'id' },
      { label: 'page.store.lat', value: 'store_lat', span: 12, hint: 'page.store.latHint' },
      { label: 'page.store.lng', value: 'store_lng', span: 12, hint: 'page.store.lngHint' },
      { label: 'page.store.address', value: 'store_address' },
    ],
    rules: {
      area: [{ required: true }, { minLength: 2, message: 'page.store.areaRule' }, { maxLength: 3 }],
      store_lat: [{ required: true }, { pattern: COORD, message: 'page.store.coordRule' }, { number: { min: -90, max: 90 } }],
      store_lng: [{ required: true }, { pattern: COORD, message: 'page.store.coordRule' }, { number: { min: -180, max: 180 } }],
      store_address: [{ maxLength: 80 }],
    },
  },
  {
    key: 'slides',
    label: 'page.store.tab.slides',
    fields: slideFields('store_slide', 'store_slide', 'page.store.slide'),
    rules: Object.fromEntries(Array.from({ length: SLIDES }, (_, i) => [`store_slide_${i}`, [UPLOAD_URL]])),
  },
  {
    key: 'mobileSlides',
    label: 'page.store.tab.mobileSlides',
    fields: slideFields('store_mobile_slide', 'store_mobile_slide', 'page.store.mobileSlide'),
    rules: Object.fromEntries(Array.from({ length: SLIDES }, (_, i) => [`store_mobile_slide_${i}`, [UPLOAD_URL]])),
  },
];

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(text) : typeof v === 'string' && v ? v.split(',') : []);

/** The store as form values: slides spread over one field per image. */
export function storeToForm(store: Record<string, unknown>): Values {
  const values: Values = {
    store_logo: text(store.store_logo),
    store_name: text(store.store_name),
    store_mobile: text(store.store_mobile),
    store_description: text(store.store_description),
    after_sale_service: text(store.after_sale_service),
    store_face_image: text(store.store_face_image),
    area: Array.isArray(store.area) ? store.area.map(Number).filter((n) => n > 0) : [],
    area_info: text(store.area_info),
    store_lat: text(store.store_lat),
    store_lng: text(store.store_lng),
    store_address: text(store.store_address),
  };
  const slides = list(store.store_slide);
  const mobile = list(store.store_mobile_slide);
  for (let i = 0; i < SLIDES; i++) {
    values[`store_slide_${i}`] = slides[i] ?? '';
    values[`store_mobile_slide_${i}`] = mobile[i] ?? '';
  }
  return values;
}

/** The three slots comma-joined in place ('' when all are empty): an image stays in the slot it was put in. */
const joinSlides = (values: Values, prefix: string) => {
  const slots = Array.from({ length: SLIDES }, (_, i) => text(values[`${prefix}_${i}`]).trim());
  return slots.some(Boolean) ? slots.join(',') : '';
};

/** The body of one tab's save: that tab's store fields only. */
export function tabBody(tab: StoreTab, values: Values): Record<string, unknown> {
  switch (tab.key) {
    case 'slides':
      return { store_slide: joinSlides(values, 'store_slide') };
    case 'mobileSlides':
      return { store_mobile_slide: joinSlides(values, 'store_mobile_slide') };
    case 'map':
      return { area: values.area, store_lat: text(values.store_lat).trim(), store_lng: text(values.store_lng).trim(), store_address: values.store_address };
    default:
      return Object.fromEntries(tab.fields.map((field) => [field.value, values[field.value]]));
  }
}

export const checkStoreTab = (tab: StoreTab, values: Values): FieldErrors => validate(values, tab.rules);
