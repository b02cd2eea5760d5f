import { useMemo, useRef, useState } from 'react';
import type { TagColour } from '../../../machines/table';
import { Tag } from '../../ui/Tag';
import { TabFilter } from '../table/TabFilter';
import { TablePage } from '../table/TablePage';
import type { BackofficeArea, Column, PageConfig, Row, TableApi } from '../table/types';
import { createdAtColumn } from '../views/Admin/shared/columns';
import { RefundDialog } from './RefundDialog';

/**
 * After-sale requests: the store's own (`/Seller/refunds`, menu 40) or every store's
 * (`/Admin/refunds`, menu 64), on the generic table page: stage tabs with the number waiting for
 * the store, search by order number and date, a handling dialog per request.
 */
const STAGE_TABS = ['', 'pending', 'awaitingReturn', 'returning', 'arrived', 'reshipped', 'done', 'refused', 'withdrawn'];
const STAGE_COLOUR: Record<string, TagColour> = { pending: 'violet', awaitingReturn: 'blue', returning: 'blue', arrived: 'teal', reshipped: 'teal', done: 'green', refused: 'red', withdrawn: 'slate' };

export function refundsColumns(area: BackofficeArea): Column[] {
  return [
    { label: 'page.orders.image', value: 'order_image', type: 'image', width: 80 },
    { label: 'page.orders.orderNo', value: 'order_no', width: 215, minWidth: 112 },
    { label: 'page.orders.name', value: 'order_name', width: 180 },
    ...(area === 0 ? [{ label: 'page.orders.store', value: 'store_name', type: 'tags', width: 140 } as Column] : []),
    { label: 'page.orders.buyer', value: 'buyer_name', width: 120 },
    { label: 'page.refunds.type', value: 'refund_type', type: 'dict', dict: 'refund_type', translate: true, width: 90 },
    { label: 'page.orders.total', value: 'total_price', type: 'custom', width: 100, minWidth: 100, render: (row) => <span className="tabular-nums">￥{String(row.total_price ?? '')}</span> },
    {
      label: 'page.refunds.stage',
      value: 'stage',
      type: 'custom',
      width: 150,
      minWidth: 96,
      render: (row) => (
        <Tag value={row.stage} colour={STAGE_COLOUR[String(row.stage)] ?? 'slate'} wrap>
          {String(row.stage_cn ?? '')}
        </Tag>
      ),
    },
    { label: 'page.refunds.reason', value: 'refund_remark', width: 200 },
    createdAtColumn,
  ];
}

const hasSteps = (row: Row) => Array.isArray(row.steps) && row.steps.length > 0;

export function refundsPage(area: BackofficeArea, tab: string, open: (row: Row, api: TableApi) => void): PageConfig {
  return {
    url: area === 0 ? '/Admin/refunds' : '/Seller/refunds',
    refreshOn: area === 1 ? ['after_sale'] : undefined,
    area,
    params: tab ? { stage: tab } : {},
    columns: refundsColumns(area),
    exportColumns: refundsColumns(area)
      .filter((c) => c.type !== 'image')
      .map((c) => (c.value === 'stage' ? { label: c.label, value: 'stage_cn' } : c.type === 'custom' ? { label: c.label, value: c.value } : c)),
    search: [
      { label: 'page.orders.orderNo', value: 'order_no', where: 'like' },
      ...(area === 0 ? [{ label: 'page.orders.store', value: 'store_name', where: 'like' as const }] : []),
      { label: 'page.orders.createdAt', value: 'created_at', type: 'daterange' },
    ],
    dictData: { refund_type: [{ label: 'refund.typeRefund', value: 0 }, { label: 'refund.typeReturn', value: 1 }] },
    buttons: { store: false, update: false, deletes: false, destroy: false, show: false },
    // "Handle" while the reader has a step to take (the server lists them per row), else only "View"
    rowActions: [
      { label: 'page.refunds.handle', onClick: open, show: hasSteps },
      { label: 'btn.view', variant: 'secondary', onClick: open, show: (row) => !hasSteps(row) },
    ],
  };
}

export function RefundsPage({ area }: { area: BackofficeArea }) {
  const [tab, setTab] = useState('');
  const [count, setCount] = useState<Record<string, unknown>>({});
  const [handling, setHandling] = useState<number | null>(null);
  const apiRef = useRef<TableApi | null>(null);
  const config = useMemo(
    () =>
      refundsPage(area, tab, (row, api) => {
        apiRef.current = api;
        setHandling(Number(row.order_id));
      }),
    [area, tab],
  );
  const waiting = Number(count.pending) || 0;
  return (
    <>
      <TablePage
        key={tab}
        config={config}
        onCount={(c) => setCount(c && typeof c === 'object' ? (c as Record<string, unknown>) : {})}
        toolbarExtra={
          <TabFilter
            label="page.refunds.tabs"
            items={STAGE_TABS.map((value) => ({ label: value ? `refund.stage.${value}` : 'page.refunds.all', value, badge: value === 'pending' && waiting > 0 ? waiting : undefined, badgeLabel: 'page.refunds.badge' }))}
            active={tab}
            onChange={setTab}
          />
        }
      />
      {handling !== null && <RefundDialog area={area} orderId={handling} onClose={() => setHandling(null)} onChanged={() => apiRef.current?.reload()} />}
    </>
  );
}
