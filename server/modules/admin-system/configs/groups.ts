import { z } from 'zod';
import { formText } from '../../../http/crud';
import { isHttpUrl, pathOrUrlField, urlField } from '../fields';
import { ours } from '../shared';

/**
 * The configuration rows the admin pages edit (reference §7.3) and their validation. Secrets are
 * write-only: reads replace each with '' plus `<field>_set: true|false`, and a blank secret in a
 * write keeps the saved one. To remove a saved secret (back to the SMS test mode, a payment
 * method switched off) a write sends `<field>_clear=1`: the secret becomes '' unless the same
 * write gives a new value, which wins.
 */

const text = (max: number) => formText({ max });

/** 'true'/'false', '1'/'0' and booleans → boolean (the SPA sends form strings). */
const bool = () =>
  z.unknown().transform((v, ctx) => {
    if (v === true || v === 'true' || v === '1' || v === 1) return true;
    if (v === false || v === 'false' || v === '0' || v === 0 || v === '' || v === 'null') return false;
    ctx.addIssue({ code: 'custom', input: v, ...ours('bool') });
    return z.NEVER;
  });

const host = (max: number) =>
  text(max).refine((v) => v === '' || isHttpUrl(v) || /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*(?::\d{1,5})?$/.test(v), ours('host'));

/** A certificate path: '' or an absolute / root-relative path without '..', or an http(s) URL. */
const filePath = () => text(255).refine((v) => v === '' || isHttpUrl(v) || (/^\/[^\s]*$/.test(v) && !v.split('/').includes('..')), ours('filePath'));

const days = () =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => /^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= 365, ours('days'))
    .transform((v) => String(Number(v)));

/** Minutes an unpaid order is kept: 1 minute to 7 days. */
const minutes = () =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => /^\d{1,5}$/.test(v) && Number(v) >= 1 && Number(v) <= 10080, ours('minutes'))
    .transform((v) => String(Number(v)));

const percent = () =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 100, ours('percent'))
    .transform((v) => String(Number(v)));

/** Points earned per 100 yuan paid: 0–10,000 (points/config.ts). */
const pointsRate = () =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => /^\d{1,5}$/.test(v) && Number(v) <= 10000, ours('pointsRate'))
    .transform((v) => String(Number(v)));

/** The scalar rows of the web page ("网站配置"). */
export const webFields = {
  web_name: formText({ min: 1, max: 50 }),
  index_name: text(50),
  keyword: text(100),
  description: text(200),
  logo: pathOrUrlField(150),
  tel: text(20),
  mobile: text(20),
  email: text(100).refine((v) => v === '' || z.email().safeParse(v).success, ours('email')),
  icp: text(50),
  close_status: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().refine((v) => v === '0' || v === '1', ours('closeStatus'))),
  close_reason: text(100),
} as const;

export type WebKey = keyof typeof webFields;
export const WEB_KEYS = Object.keys(webFields) as WebKey[];

interface FlatGroup {
  kind: 'flat';
  fields: Record<string, z.ZodType>;
  secrets: readonly string[];
}
interface SectionGroup {
  kind: 'sections';
  sections: Record<string, FlatGroup>;
}
export type JsonGroup = FlatGroup | SectionGroup;

const flat = (fields: Record<string, z.ZodType>, secrets: readonly string[] = []): FlatGroup => ({ kind: 'flat', fields, secrets });

const wechat = () =>
  flat(
    {
      app_id: text(100),
      mp_app_id: text(100),
      mini_app_id: text(100),
      secret_key: text(200),
      mch_id: text(50),
      mch_secret_key: text(200),
      mch_secret_cert: filePath(),
      mch_public_cert_path: filePath(),
      // APIv3 (server/modules/payment/providers/wechat.ts): the merchant certificate's serial (else read
      // from mch_public_cert_path) and the WeChat Pay public key (or platform certificate) with its ID
      mch_serial_no: text(64),
      wechat_public_key_id: text(100),
      wechat_public_key_path: filePath(),
      notify_url: urlField(255),
    },
    ['secret_key', 'mch_secret_key', 'mch_secret_cert'],
  );

const alipay = () =>
  flat(
    {
      app_id: text(100),
      app_secret_cert: text(8000),
      app_public_cert_path: filePath(),
      alipay_public_cert_path: filePath(),
      alipay_root_cert_path: filePath(),
      notify_url: urlField(255),
      return_url: urlField(255),
    },
    ['app_secret_cert'],
  );

/** One of `values` ('' keeps the default). */
const choice = (values: readonly string[], message: 'smsProvider' | 'trackingProvider') => text(20).refine((v) => v === '' || values.includes(v), ours(message));

const oauthApp = () => flat({ client_id: text(100), key: text(200), return_url: urlField(255) }, ['key']);

/** JSON rows (is_type 1) by name. */
export const jsonGroups: Record<string, JsonGroup> = {
  upload: flat(
    { save_type: bool(), key: text(100), access: text(200), bucket: text(100), endpoint: host(150), cdn: urlField(150), ssl: bool() },
    ['access'],
  ),
  // modules/sms/providers: aliyun (key = AccessKey ID) or tencent (key = SecretId, app_id = SmsSdkAppId)
  sms: flat({ provider: choice(['aliyun', 'tencent'], 'smsProvider'), key: text(100), secret: text(200), sign: text(30), app_id: text(30), region: text(30) }, ['key', 'secret']),
  // modules/maps: web-service key (geocoding), JS API key, and the JS API security code (served only through /_AMapService)
  amap: flat({ key: text(100), jsapi: text(100), security: text(100) }, ['key', 'security']),
  // modules/express: which tracking provider, and each one's keys
  logistics: flat({ provider: choice(['kuaidi100', 'kuaibao'], 'trackingProvider') }),
  kuaidi100: flat({ customer: text(100), key: text(100) }, ['key']),
  kuaibao: flat({ appid: text(100), appkey: text(200), agent_id: text(100) }, ['appkey']),
  oauth: { kind: 'sections', sections: { weixin: oauthApp(), weixinweb: oauthApp() } },
  pay: {
    kind: 'sections',
    sections: {
      wechatwap: wechat(),
      wechatmp: wechat(),
      wechatmini: wechat(),
      wechatapp: wechat(),
      wechatscan: wechat(),
      alipaywap: alipay(),
      alipayapp: alipay(),
      alipayscan: alipay(),
      alipaymini: alipay(),
    },
  },
  // settlement/rates.ts reads cash (withdrawal fee) and commission (platform commission on settled orders)
  store: flat({ goods_verify: bool(), cash: percent(), commission: percent() }),
  // orders/taskConfig.ts reads it (the timed tasks, expires_at of unpaid orders)
  task: flat({ cancel_minutes: minutes(), confirm: days(), settlement: days(), refund: days(), comment: days() }),
  // points/config.ts reads it: points per completed order, percent of the goods amount in yuan
  integral: flat({ order_rate: pointsRate() }),
};

export const CONFIG_NAMES: readonly string[] = [...WEB_KEYS, ...Object.keys(jsonGroups)];

export const isWebKey = (name: string): name is WebKey => Object.hasOwn(webFields, name);
export const isJsonGroup = (name: string) => Object.hasOwn(jsonGroups, name);

type Obj = Record<string, unknown>;
const asObject = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});

/** The marker of a write that removes a saved secret: `<secret>_clear`. */
export const clearKey = (secret: string) => `${secret}_clear`;

/** The zod schema of a write to one flat group: every field optional, `<secret>_clear` flags, `*_set` and unknown keys dropped. */
export const flatSchema = (group: FlatGroup) =>
  z.object({
    ...Object.fromEntries(Object.entries(group.fields).map(([key, schema]) => [key, schema.optional()])),
    ...Object.fromEntries(group.secrets.map((secret) => [clearKey(secret), bool().optional()])),
  });

/** A write to a sectioned group without `many`: any of its sections. */
export const sectionsSchema = (group: SectionGroup) =>
  z.object(Object.fromEntries(Object.entries(group.sections).map(([key, section]) => [key, flatSchema(section).optional()])));

/** Saved values with every secret blanked and flagged. */
export function maskFlat(group: FlatGroup, saved: unknown): Obj {
  const out: Obj = { ...asObject(saved) };
  for (const secret of group.secrets) {
    const value = out[secret];
    out[`${secret}_set`] = typeof value === 'string' ? value !== '' : value !== undefined && value !== null && value !== false;
    out[secret] = '';
  }
  return out;
}

export function maskGroup(group: JsonGroup, saved: unknown): Obj {
  if (group.kind === 'flat') return maskFlat(group, saved);
  const value = asObject(saved);
  return Object.fromEntries(Object.entries(group.sections).map(([key, section]) => [key, maskFlat(section, value[key])]));
}

/**
 * Saved values updated with a validated write; a blank secret keeps the saved one, unless the
 * write clears it (`<secret>_clear`); a new value sent with the clear wins.
 */
export function mergeFlat(group: FlatGroup, saved: unknown, sent: Obj): Obj {
  const out: Obj = { ...asObject(saved) };
  const clears = new Set(group.secrets.map(clearKey));
  for (const [key, value] of Object.entries(sent)) {
    if (value === undefined || clears.has(key)) continue;
    if (group.secrets.includes(key) && value === '') continue;
    out[key] = value;
  }
  for (const secret of group.secrets) {
    const typed = sent[secret];
    if (sent[clearKey(secret)] === true && (typed === undefined || typed === '')) out[secret] = '';
  }
  return out;
}

export function mergeSections(group: SectionGroup, saved: unknown, sent: Record<string, Obj | undefined>): Obj {
  const out: Obj = { ...asObject(saved) };
  for (const [key, section] of Object.entries(sent)) {
    if (section === undefined) continue;
    out[key] = mergeFlat(group.sections[key], out[key], section);
  }
  return out;
}

export { asObject };
