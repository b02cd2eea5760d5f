import { useState } from 'react';
import { useIntl } from 'react-intl';
import { toast } from '../../ui/toast';
import { Cell } from '../table/cells';
import type { CellContext, Column, DictItem, Row, SearchField } from '../table/types';
import { call } from '../views/Admin/shared/pageApi';

/** Goods lists of both consoles (screens §4.5 "Goods moderation", §4.6 "Goods"). */
export const GOODS_VERIFY_DICT: DictItem[] = [
  { label: 'page.goods.verify.pending', value: 2 },
  { label: 'page.goods.verify.approved', value: 1 },
  { label: 'page.goods.verify.refused', value: 0 },
];
export const SHELF_DICT: DictItem[] = [
  { label: 'page.common.yes', value: 1 },
  { label: 'page.common.no', value: 0 },
];

/** The on-shelf switch: PUT {area}/goods/<id> {goods_status} right away, toast, back on failure. */
export function ShelfSwitch({ row, area }: { row: Row; area: 0 | 1 }) {
  const intl = useIntl();
  const [on, setOn] = useState(Number(row.goods_status) === 1);
  const [busy, setBusy] = useState(false);
  const change = async (next: boolean) => {
    setOn(next);
    setBusy(true);
    const result = await call(area, 'PUT', `goods/${encodeURIComponent(String(row.id))}`, { goods_status: next ? 1 : 0 });
    setBusy(false);
    if (result.kind === 'ok') toast.success(intl.formatMessage({ id: 'msg.success' }));
    else setOn(!next);
  };
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={intl.formatMessage({ id: 'page.goods.shelfOf' }, { name: String(row.goods_name ?? row.id) })}
      disabled={busy}
      onClick={() => void change(!on)}
      className={`focus-ring relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${on ? 'bg-office' : 'bg-slate-400'}`}
    >
      <span className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-5' : 'translate-x-0.5'}`} />
    </button>
  );
}

/** The review state, and under a refusal the admin's reason (refuse_info): the seller sees what to fix. */
export function VerifyCell({ row, ctx }: { row: Row; ctx: CellContext }) {
  const intl = useIntl();
  const reason = Number(row.goods_verify) === 0 ? String(row.refuse_info ?? '').trim() : '';
  return (
    <span className="flex min-w-0 flex-col items-start gap-0.5">
      <Cell column={VERIFY_COLUMN} row={row} ctx={ctx} />
      {reason && (
        <span className="line-clamp-1 max-w-full text-xs break-all text-red-800" title={reason}>
          {intl.formatMessage({ id: 'page.goods.refuseReason' }, { reason })}
        </span>
      )}
    </span>
  );
}

const VERIFY_COLUMN: Column = { label: 'page.goods.verifyLabel', value: 'goods_verify', type: 'dict_tags', translate: true, tagType: true, width: 90 };

export const goodsColumns: Column[] = [
  { label: 'page.goods.image', value: 'goods_master_image', type: 'image', width: 80 },
  { label: 'page.goods.name', value: 'goods_name' },
  // named in the reader's language (the English name in English when there is one)
  { label: 'page.goods.brand', value: 'brand_name', ename: 'brand_ename', type: 'tags', width: 100 },
  { label: 'page.goods.class', value: 'class_name', ename: 'class_ename', type: 'tags', width: 100 },
  { label: 'page.goods.price', value: 'goods_price', width: 84 },
  { label: 'page.goods.stock', value: 'goods_stock', width: 64 },
  { label: 'page.goods.sales', value: 'goods_sale', width: 80, hidden: true },
  {
    label: 'page.goods.shelf',
    value: 'goods_status',
    type: 'custom',
    width: 80,
    render: (row, ctx) => <ShelfSwitch key={`${String(row.id)}-${String(row.goods_status)}`} row={row} area={ctx.area} />,
  },
  VERIFY_COLUMN,
  { label: 'table.createdAt', value: 'created_at', type: 'datetime', hidden: true },
];

/** The seller's list: the review state with the refusal reason under it (exported as the plain state). */
export const sellerGoodsColumns: Column[] = goodsColumns.map((column) =>
  column === VERIFY_COLUMN ? { ...column, type: 'custom', width: 180, render: (row, ctx) => <VerifyCell row={row} ctx={ctx} /> } : column,
);

export const goodsSearch: SearchField[] = [
  { label: 'page.goods.name', value: 'goods_name', where: 'likeRight' },
  { label: 'page.goods.shelf', value: 'goods_status', type: 'select', options: SHELF_DICT, translate: true },
  { label: 'page.goods.verifyLabel', value: 'goods_verify', type: 'select', options: GOODS_VERIFY_DICT, translate: true },
];

export const goodsDicts = { goods_verify: GOODS_VERIFY_DICT };
