import { useCallback, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../../../ui/ConfirmDialog';
import { Tag } from '../../../../../ui/Tag';
import { nodesOfPath, pathCaption, staticNodes } from '../../../../../ui/cascaderTree';
import { toast } from '../../../../../ui/toast';
import { TabFilter, tabFromUrl } from '../../../../table/TabFilter';
import { TablePage } from '../../../../table/TablePage';
import type { DictItem, FormField, PageConfig, Row, TableApi, Values, ViewField } from '../../../../table/types';
import { call } from '../../../Admin/shared/pageApi';
import { createdAtColumn, createdAtView, UPLOAD_URL } from '../../shared/columns';
import type { FieldRule } from '../../../../../../machines/table';
import { ReasonDialog } from './ReasonDialog';

/**
 * Menu view `Admin/exts/stores/index` (screens §4.5; bug §6.4 #42 fixed): stores by review state
 * (tabs with badges from the list's `count`), the edit form with the status and review selects
 * plus explicit row actions — approve, refuse with a reason (store_refuse_info, shown to the
 * merchant), open / close.
 */
export const STORE_VERIFY = { create: 1, wait: 2, refused: 3, approved: 4 } as const;
export const REFUSE_MAX = 200;

export const STORE_VERIFY_DICT: DictItem[] = [
  { label: 'page.stores.verify.create', value: 1 },
  { label: 'page.stores.verify.wait', value: 2 },
  { label: 'page.stores.verify.refused', value: 3 },
  { label: 'page.stores.verify.approved', value: 4 },
];
export const STORE_STATUS_DICT: DictItem[] = [
  { label: 'page.stores.status.open', value: 1 },
  { label: 'page.stores.status.closed', value: 0 },
];

/** Tabs: value of store_verify and the `count` key of its badge. */
export const STORE_TABS: { label: string; value: number; countKey?: string }[] = [
  { label: 'page.stores.tab.approved', value: 4 },
  { label: 'page.stores.tab.wait', value: 2, countKey: 'wait' },
  { label: 'page.stores.tab.refused', value: 3, countKey: 'error' },
  { label: 'page.stores.tab.create', value: 1, countKey: 'create' },
];

/** '' or a document's address: an upload path, an http(s) URL, or a signed private address (/api/files/private/…). */
const DOCUMENT_URL: FieldRule = { pattern: /^(https?:\/\/[^\s<>"']+|\/uploads\/[^\s<>"']+|\/api\/files\/private\/[^\s<>"']+)?$/i, message: 'page.common.uploadUrlRule' };

/** Identity documents go to a private folder: stored without a public URL, shown through signed addresses. */
const image = (label: string, value: string, folder: 'identity' | 'licence'): FormField => ({ label, value, type: 'image', folder, span: 12 });

const fields: FormField[] = [
  { label: 'page.stores.name', value: 'store_name', span: 12 },
  { label: 'page.stores.companyName', value: 'store_company_name', span: 12 },
  { label: 'page.stores.logo', value: 'store_logo', type: 'avatar', folder: 'store_logo' },
  { label: 'page.stores.classes', value: 'class_id', type: 'cascader', multiple: true, labelName: 'name', valueName: 'id' },
  { label: 'page.stores.area', value: 'area', type: 'cascader', lazyUrl: '/load_areas?isLazy=1', lazyKey: 'code', labelName: 'name', valueName: 'id', span: 12 },
  { label: 'page.stores.address', value: 'store_address', span: 12 },
  { label: 'page.stores.description', value: 'store_description', type: 'textarea', maxLength: 150 },
  image('page.stores.license', 'business_license', 'licence'),
  { label: 'page.stores.licenseNo', value: 'business_license_no', span: 12 },
  { label: 'page.stores.legalPerson', value: 'legal_person', span: 12 },
  { label: 'page.stores.phone', value: 'store_phone', span: 12 },
  { label: 'page.stores.idCardNo', value: 'id_card_no', span: 12 },
  { label: 'page.stores.emergencyContact', value: 'emergency_contact', span: 12 },
  image('page.stores.idCardFront', 'id_card_t', 'identity'),
  image('page.stores.idCardBack', 'id_card_b', 'identity'),
  { label: 'page.stores.emergencyPhone', value: 'emergency_contact_phone', span: 12 },
  { label: 'page.stores.status', value: 'store_status', type: 'select', dict: 'store_status', translate: true, span: 12 },
  { label: 'page.stores.verifyLabel', value: 'store_verify', type: 'select', dict: 'store_verify', translate: true, span: 12 },
  { label: 'page.stores.refuseInfo', value: 'store_refuse_info', type: 'textarea', maxLength: REFUSE_MAX, hint: 'page.stores.refuseInfoHint' },
];

const PHONE = { pattern: /^[0-9+\-() ]*$/, message: 'page.stores.phoneRule' };

/** How the class tree (`/load_goods_classes`) names its nodes. */
const CLASS_KEYS = { labelName: 'name', valueName: 'id', lazyKey: 'id' };

/**
 * Names of the classes a store applied to sell in: each `[l1, l2, l3]` triple of `class_id`
 * captioned along the class tree (`/load_goods_classes`) by the cascaders' pathCaption,
 * "手机数码 / 摄影摄像 / 微单相机"; an id the tree does not know (a deleted class) shows as `#id`.
 */
export function classTripleNames(tree: readonly DictItem[] | undefined, value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const roots = staticNodes(tree ?? [], CLASS_KEYS);
  return value.filter(Array.isArray).map((triple: unknown[]) => {
    // pathCaption shows a value it cannot follow as is: mark those past the known part `#id`.
    const known = nodesOfPath(roots, triple).length;
    return pathCaption(roots, triple.map((id, i) => (i < known ? id : `#${String(id)}`)));
  });
}

/** The view dialog's 产品栏目 line: one tag per class chain. */
const classesView: ViewField = {
  label: 'page.stores.classes',
  value: 'class_id',
  viewType: 'custom',
  render: (row, ctx) => {
    const names = classTripleNames(ctx.dicts.class_id, row.class_id);
    return names.length ? (
      <span className="flex flex-wrap gap-1" data-testid="store-classes">
        {names.map((name, i) => (
          <Tag key={i} value={name} colour="blue">
            {name}
          </Tag>
        ))}
      </span>
    ) : (
      '-'
    );
  },
};

const numbers = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number).filter((n) => Number.isFinite(n) && n > 0) : []);

/** The store record → edit values (area from the ids when the record has no `area` list). */
export function storeToForm(row: Row): Values {
  const area = numbers(row.area);
  const classes = Array.isArray(row.class_id) ? (row.class_id as unknown[]).filter(Array.isArray).map(numbers) : [];
  return {
    ...Object.fromEntries(fields.map((f) => [f.value, row[f.value] ?? ''])),
    class_id: classes,
    area: area.length ? area : numbers([row.province_id, row.city_id, row.region_id]),
  };
}

export function storesPage(verify: number, actions: PageConfig['rowActions']): PageConfig {
  return {
    url: '/Admin/stores',
    params: { store_verify: verify, isResource: 'Admin' },
    columns: [
      { label: 'page.stores.logo', value: 'store_logo', type: 'avatar', width: 90 },
      { label: 'page.stores.name', value: 'store_name' },
      { label: 'page.stores.area', value: 'area_info' },
      { label: 'page.stores.status', value: 'store_status', type: 'dict_tags', translate: true, tagType: true, width: 100 },
      { label: 'page.stores.verifyLabel', value: 'store_verify', type: 'dict_tags', translate: true, width: 110 },
      createdAtColumn,
    ],
    search: [{ label: 'page.stores.name', value: 'store_name', where: 'like' }],
    dicts: [{ name: 'class_id', url: '/load_goods_classes', params: {} }],
    dictData: { store_status: STORE_STATUS_DICT, store_verify: STORE_VERIFY_DICT },
    // An approved store is closed, never deleted; an application (draft, in review, refused) may
    // go when it holds nothing (the server refuses one with goods, staff or money, naming them).
    buttons: { store: false, deletes: verify !== STORE_VERIFY.approved, destroy: verify !== STORE_VERIFY.approved },
    rowActions: actions,
    form: {
      add: [],
      edit: fields,
      width: 'min(900px, 94vw)',
      toForm: storeToForm,
      view: [
        { label: 'page.stores.logo', value: 'store_logo', viewType: 'image' },
        { label: 'page.stores.name', value: 'store_name' },
        { label: 'page.stores.companyName', value: 'store_company_name' },
        classesView,
        { label: 'page.stores.area', value: 'area_info' },
        { label: 'page.stores.address', value: 'store_address' },
        { label: 'page.stores.description', value: 'store_description' },
        { label: 'page.stores.license', value: 'business_license', viewType: 'image' },
        { label: 'page.stores.licenseNo', value: 'business_license_no' },
        { label: 'page.stores.legalPerson', value: 'legal_person' },
        { label: 'page.stores.phone', value: 'store_phone' },
        { label: 'page.stores.idCardNo', value: 'id_card_no' },
        { label: 'page.stores.idCardFront', value: 'id_card_t', viewType: 'image' },
        { label: 'page.stores.idCardBack', value: 'id_card_b', viewType: 'image' },
        { label: 'page.stores.emergencyContact', value: 'emergency_contact' },
        { label: 'page.stores.emergencyPhone', value: 'emergency_contact_phone' },
        { label: 'page.stores.money', value: 'store_money', viewType: 'money' },
        { label: 'page.stores.frozenMoney', value: 'store_frozen_money', viewType: 'money' },
        { label: 'page.stores.status', value: 'store_status', viewType: 'dict_tags', translate: true },
        { label: 'page.stores.verifyLabel', value: 'store_verify', viewType: 'dict_tags', translate: true },
        { label: 'page.stores.refuseInfo', value: 'store_refuse_info' },
        createdAtView,
      ],
      rules: {
        store_name: [{ required: true }, { maxLength: 30 }],
        store_logo: [{ maxLength: 150 }, UPLOAD_URL],
        class_id: [{ required: true }],
        store_company_name: [{ maxLength: 30 }],
        store_address: [{ maxLength: 80 }],
        business_license: [{ maxLength: 150 }, DOCUMENT_URL],
        business_license_no: [{ maxLength: 40 }],
        legal_person: [{ maxLength: 10 }],
        store_phone: [{ maxLength: 12 }, PHONE],
        id_card_no: [{ maxLength: 30 }],
        id_card_t: [{ maxLength: 150 }, DOCUMENT_URL],
        id_card_b: [{ maxLength: 150 }, DOCUMENT_URL],
        emergency_contact: [{ maxLength: 10 }],
        emergency_contact_phone: [{ maxLength: 12 }, PHONE],
        store_status: [{ required: true }],
        store_verify: [{ required: true }],
        store_refuse_info: [{ maxLength: REFUSE_MAX }],
      },
    },
  };
}

type Pending =
  | { kind: 'approve'; row: Row }
  | { kind: 'close'; row: Row }
  | { kind: 'deny'; row: Row };

/** The store's name, `#id` for a draft that has none yet. */
export const nameOf = (row: Row) => {
  const name = typeof row.store_name === 'string' ? row.store_name.trim() : '';
  return name || `#${String(row.id)}`;
};

/**
 * Review actions only where there is something to review: never on a draft that was not submitted.
 * A mirror of the server, which refuses both on a draft (catalogue.cannotApproveDraft / cannotDenyDraft).
 */
export const canApprove = (row: Row) => [STORE_VERIFY.wait, STORE_VERIFY.refused].includes(Number(row.store_verify) as 2 | 3);
export const canDeny = (row: Row) => [STORE_VERIFY.wait, STORE_VERIFY.approved].includes(Number(row.store_verify) as 2 | 4);

export default function AdminStoresPage() {
  const intl = useIntl();
  const [tab, setTab] = useState<number>(() => tabFromUrl(STORE_TABS.map((t) => t.value), STORE_VERIFY.approved));
  const [count, setCount] = useState<Record<string, unknown>>({});
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const apiRef = useRef<TableApi | null>(null);

  const update = useCallback(
    async (row: Row, body: Record<string, unknown>) => {
      setBusy(true);
      const result = await call(0, 'PUT', `stores/${encodeURIComponent(String(row.id))}`, body);
      setBusy(false);
      setPending(null);
      if (result.kind !== 'ok') return;
      toast.success(intl.formatMessage({ id: 'msg.success' }));
      apiRef.current?.reload();
    },
    [intl],
  );

  const config = useMemo(() => {
    const hold = (kind: Pending['kind']) => (row: Row, api: TableApi) => {
      apiRef.current = api;
      setPending({ kind, row } as Pending);
    };
    return storesPage(tab, [
      { label: 'page.stores.approve', permission: 'update', show: canApprove, onClick: hold('approve') },
      { label: 'page.stores.deny', variant: 'danger', permission: 'update', show: canDeny, onClick: hold('deny') },
      { label: 'page.stores.close', variant: 'danger', permission: 'update', show: (row) => Number(row.store_status) === 1, onClick: hold('close') },
      {
        label: 'page.stores.open',
        permission: 'update',
        show: (row) => Number(row.store_status) !== 1,
        onClick: (row, api) => {
          apiRef.current = api;
          void update(row, { store_status: 1 });
        },
      },
    ]);
  }, [tab, update]);

  const badge = (key?: string) => {
    const n = key ? Number(count[key]) : 0;
    return Number.isFinite(n) && n > 0 ? n : undefined;
  };

  return (
    <>
      <TablePage
        key={tab}
        config={config}
        onCount={(c) => setCount(c && typeof c === 'object' ? (c as Record<string, unknown>) : {})}
        toolbarExtra={
          <TabFilter
            label="page.stores.tabs"
            items={STORE_TABS.map((t) => ({ label: t.label, value: t.value, badge: badge(t.countKey), badgeLabel: 'page.stores.badge' }))}
            active={tab}
            onChange={setTab}
          />
        }
      />
      <ConfirmDialog
        open={pending?.kind === 'approve' || pending?.kind === 'close'}
        busy={busy}
        danger={pending?.kind === 'close'}
        title={<FormattedMessage id="msg.warning" />}
        message={
          <FormattedMessage id={pending?.kind === 'close' ? 'page.stores.confirmClose' : 'page.stores.confirmApprove'} values={{ name: pending ? nameOf(pending.row) : '' }} />
        }
        onConfirm={() => {
          if (!pending) return;
          void update(pending.row, pending.kind === 'close' ? { store_status: 0 } : { store_verify: STORE_VERIFY.approved, store_refuse_info: '' });
        }}
        onCancel={() => setPending(null)}
      />
      {pending?.kind === 'deny' && (
        <ReasonDialog
          title="page.stores.denyTitle"
          name={nameOf(pending.row)}
          maxLength={REFUSE_MAX}
          saving={busy}
          onClose={() => setPending(null)}
          onSubmit={(reason) => void update(pending.row, { store_verify: STORE_VERIFY.refused, store_refuse_info: reason })}
        />
      )}
    </>
  );
}
