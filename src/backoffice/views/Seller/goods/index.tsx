import { useMemo } from 'react';
import type { EditorMode } from '../../../../../machines/goodsEditor';
import { navigate } from '../../../../app/navigation';
import { goodsColumns, goodsDicts, goodsSearch, sellerGoodsColumns } from '../../../goodsEditor/goodsList';
import { exportableColumns } from '../../../table/sheet';
import { TablePage } from '../../../table/TablePage';
import type { PageConfig } from '../../../table/types';

/**
 * Menu view `Seller/goods/index` (screens §4.6): the store's goods with the on-shelf switch;
 * "添加" and row "编辑" open the goods editor at its own address (`Seller/goods/form`), which
 * comes back here after saving.
 */
export function sellerGoodsPage(open: (mode: EditorMode, id?: number) => void): PageConfig {
  return {
    url: '/Seller/goods',
    params: { isWith: 'goods_class,goods_brand' },
    // the review state carries the refusal reason under it; the sheet keeps the plain state
    columns: sellerGoodsColumns,
    exportColumns: exportableColumns(goodsColumns),
    search: goodsSearch,
    dictData: goodsDicts,
    buttons: { store: false, show: false, update: false, destroy: true },
    toolbar: [{ label: 'btn.add', variant: 'office', onClick: () => open('create') }],
    rowActions: [{ label: 'btn.edit', onClick: (row) => open('edit', Number(row.id)) }],
  };
}

/** The editor's address: /Seller/goods/form for a new goods, /Seller/goods/form/{id} for a saved one. */
export const sellerGoodsFormPath = (id?: number) => (id ? `/Seller/goods/form/${id}` : '/Seller/goods/form');

export default function SellerGoodsPage() {
  const config = useMemo(() => sellerGoodsPage((_mode, id) => navigate(sellerGoodsFormPath(id))), []);
  return <TablePage config={config} />;
}
