import { useCallback, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { navigate } from '../../../../../app/navigation';
import { toast } from '../../../../../ui/toast';
import { goodsColumns, goodsDicts, goodsSearch } from '../../../../goodsEditor/goodsList';
import { TablePage } from '../../../../table/TablePage';
import type { Column, PageConfig, Row, SearchField, TableApi } from '../../../../table/types';
import { call } from '../../shared/pageApi';
import { ReasonDialog } from '../stores/ReasonDialog';

/**
 * Menu view `Admin/exts/goods/index` (screens §4.5; bugs §6.4 #42 and §6.1 #13 fixed): goods
 * moderation with explicit "审核通过" / "拒绝" (with a reason) row actions, the on-shelf switch,
 * and "编辑" opening the goods form at its own address (`Admin/exts/goods/form`, back here after saving).
 */
export const REFUSE_INFO_MAX = 80;

/** The goods of every store: the admin list adds the store's name, and a search by it. */
const STORE_COLUMN: Column = { label: 'page.goods.store', value: 'store_name', type: 'tags', width: 150 };
const STORE_SEARCH: SearchField = { label: 'page.goods.store', value: 'store_name', where: 'like' };

// The store column takes the brand's room at 1280 px: the brand is one click away in the Columns menu.
export const adminGoodsColumns: Column[] = goodsColumns.flatMap((column) =>
  column.value === 'goods_name' ? [column, STORE_COLUMN] : column.value === 'brand_name' ? [{ ...column, hidden: true }] : [column],
);
export const adminGoodsSearch: SearchField[] = goodsSearch.flatMap((field) => (field.value === 'goods_name' ? [field, STORE_SEARCH] : [field]));

export function adminGoodsPage(actions: PageConfig['rowActions']): PageConfig {
  return {
    url: '/Admin/goods',
    params: { isWith: 'goods_class,goods_brand' },
    columns: adminGoodsColumns,
    search: adminGoodsSearch,
    dictData: goodsDicts,
    buttons: { store: false, show: false, update: false, destroy: true },
    rowActions: actions,
  };
}

export default function AdminGoodsPage() {
  const intl = useIntl();
  const [refusing, setRefusing] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const apiRef = useRef<TableApi | null>(null);

  const review = useCallback(
    async (row: Row, body: Record<string, unknown>) => {
      setBusy(true);
      const result = await call(0, 'PUT', `goods/${encodeURIComponent(String(row.id))}`, body);
      setBusy(false);
      if (result.kind !== 'ok') return;
      setRefusing(null);
      toast.success(intl.formatMessage({ id: 'msg.success' }));
      apiRef.current?.reload();
    },
    [intl],
  );

  const config = useMemo(
    () =>
      adminGoodsPage([
        {
          label: 'page.goods.approve',
          permission: 'update',
          show: (row) => Number(row.goods_verify) !== 1,
          onClick: (row, api) => {
            apiRef.current = api;
            void review(row, { goods_verify: 1 });
          },
        },
        {
          label: 'page.goods.refuse',
          permission: 'update',
          variant: 'danger',
          show: (row) => Number(row.goods_verify) !== 0,
          onClick: (row, api) => {
            apiRef.current = api;
            setRefusing(row);
          },
        },
        { label: 'btn.edit', onClick: (row) => navigate(`/Admin/goods/form/${Number(row.id)}`) },
      ]),
    [review],
  );

  return (
    <>
      <TablePage config={config} />
      {refusing && (
        <ReasonDialog
          title="page.goods.refuseTitle"
          name={String(refusing.goods_name ?? refusing.id)}
          maxLength={REFUSE_INFO_MAX}
          saving={busy}
          onClose={() => setRefusing(null)}
          onSubmit={(reason) => void review(refusing, { goods_verify: 0, refuse_info: reason })}
        />
      )}
    </>
  );
}
