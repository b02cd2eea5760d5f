import { lazy, Suspense, useMemo, useState } from 'react';
import { PageFallback } from '../../../../app/PageFallback';
import type { EditorMode } from '../../../../../machines/goodsEditor';
import { goodsColumns, goodsDicts, goodsSearch, sellerGoodsColumns } from '../../../goodsEditor/goodsList';
import { exportableColumns } from '../../../table/sheet';
import { TablePage } from '../../../table/TablePage';
import type { PageConfig } from '../../../table/types';

/** The editor (TipTap included) is fetched only when it opens. */
const GoodsEditor = lazy(() => import('../../../goodsEditor/GoodsEditor'));

/**
 * Menu view `Seller/goods/index` (screens §4.6): the store's goods with the on-shelf switch;
 * "添加" and row "编辑" swap the list for the goods editor, which comes back here after saving.
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

export default function SellerGoodsPage() {
  const [editor, setEditor] = useState<{ mode: EditorMode; id?: number } | null>(null);
  const config = useMemo(() => sellerGoodsPage((mode, id) => setEditor({ mode, id })), []);
  if (editor) {
    return (
      <Suspense fallback={<PageFallback />}>
        <GoodsEditor mode={editor.mode} id={editor.id ?? null} onDone={() => setEditor(null)} />
      </Suspense>
    );
  }
  return <TablePage config={config} />;
}
