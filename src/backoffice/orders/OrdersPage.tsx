import { useCallback, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Tag } from '../../ui/Tag';
import { toast } from '../../ui/toast';
import { TabFilter, tabFromUrl } from '../table/TabFilter';
import { TablePage } from '../table/TablePage';
import type { BackofficeArea, Column, PageConfig, Row, RowAction, SearchField, TableApi } from '../table/types';
import { createdAtColumn } from '../views/Admin/shared/columns';
import { OrderDetailDialog } from './OrderDetailDialog';
import { ShipDialog } from './ShipDialog';
import { canCancel, canShip, ORDER_TABS, statusColour } from './orderStatus';
import { changeStatus } from './ordersApi';
import { resultText } from '../../api/client';

/**
 * The orders of the store (`/Seller/orders`, its own) or of every store (`/Admin/orders`), screens
 * §4.5–§4.6 with their bugs fixed: state tabs with the number awaiting shipment, search by order
 * number, buyer, store (operator) and dates, a detail dialog, shipping with a waybill, and for the
 * operator cancelling an unpaid order — each confirmed, each recorded by the server with who did it.
 */

const TOTAL_COLUMN: Column = {
  label: 'page.orders.total',
  value: 'total_price',
  type: 'custom',
  width: 110,
  minWidth: 100,
  render: (row) => <span className="tabular-nums">￥{String(row.total_price ?? '')}</span>,
};

const STATUS_COLUMN: Column = {
  label: 'page.orders.status',
  value: 'order_status',
  type: 'custom',
  width: 150,
  // short of room the state wraps, its longest word ("shipment") whole
  minWidth: 96,
  render: (row) => (
    <Tag value={row.order_status} colour={statusColour(row.order_status)} wrap>
      {String(row.order_status_cn ?? '')}
    </Tag>
  ),
};

export function ordersColumns(area: BackofficeArea): Column[] {
  return [
    { label: 'page.orders.image', value: 'order_image', type: 'image', width: 80 },
    // 20 digits: on two lines of ten short of room
    { label: 'page.orders.orderNo', value: 'order_no', width: 215, minWidth: 112 },
    { label: 'page.orders.name', value: 'order_name', width: 200 },
    ...(area === 0 ? [{ label: 'page.orders.store', value: 'store_name', type: 'tags', width: 140 } as Column] : []),
    { label: 'page.orders.buyer', value: 'buyer_name', width: 120 },
    TOTAL_COLUMN,
    STATUS_COLUMN,
    // The operator's page has the store's column too: the payment (also in the details) is shown on asking, so the rest fit at 1280 px.
    { label: 'page.orders.payMethod', value: 'payment_name_cn', width: 100, ...(area === 0 ? { hidden: true } : {}) },
    { label: 'page.orders.waybillNo', value: 'delivery_no', width: 150 },
    createdAtColumn,
  ];
}

/** The export: the list's columns as text (the state in words, no image) and where the goods go. */
export function ordersExport(area: BackofficeArea): Column[] {
  const text = (column: Column): Column[] =>
    column.type === 'image' ? [] : column.value === 'order_status' ? [{ label: column.label, value: 'order_status_cn' }] : [{ label: column.label, value: column.value, type: column.type === 'custom' ? 'text' : column.type }];
  return [
    ...ordersColumns(area).flatMap(text),
    { label: 'page.orders.receiver', value: 'receive_name' },
    { label: 'page.orders.receiverTel', value: 'receive_tel' },
    { label: 'page.orders.receiveArea', value: 'receive_area' },
    { label: 'page.orders.receiveDetail', value: 'receive_address' },
    { label: 'page.orders.express', value: 'delivery_code' },
  ];
}

export function ordersSearch(area: BackofficeArea): SearchField[] {
  return [
    { label: 'page.orders.orderNo', value: 'order_no', where: 'like' },
    { label: 'page.orders.buyer', value: 'buyer', where: 'like', placeholder: 'page.orders.buyerPlaceholder' },
    ...(area === 0 ? [{ label: 'page.orders.store', value: 'store_name', where: 'like' } as SearchField] : []),
    { label: 'page.orders.createdAt', value: 'created_at', type: 'daterange' },
  ];
}

/** The table page of one state tab ('' = every state). */
export function ordersPage(area: BackofficeArea, tab: string, rowActions: RowAction[]): PageConfig {
  return {
    url: area === 0 ? '/Admin/orders' : '/Seller/orders',
    // the store's list follows its live notices (a new paid order, an after-sale request)
    refreshOn: area === 1 ? ['order_paid', 'after_sale'] : undefined,
    area,
    params: tab === '' ? {} : { order_status: tab },
    columns: ordersColumns(area),
    exportColumns: ordersExport(area),
    search: ordersSearch(area),
    buttons: { store: false, update: false, deletes: false, destroy: false, show: false },
    rowActions,
  };
}

type Pending = { kind: 'ship' | 'cancel'; row: { id: number; order_no: string } };

const refOf = (row: Row) => ({ id: Number(row.id), order_no: String(row.order_no ?? '') });

export function OrdersPage({ area, fixedTab }: { area: BackofficeArea; /** One state only, without tabs (the awaiting-shipment page). */ fixedTab?: string }) {
  const intl = useIntl();
  const [tab, setTab] = useState(() => fixedTab ?? tabFromUrl(ORDER_TABS.map((t) => t.value), ''));
  const [count, setCount] = useState<Record<string, unknown>>({});
  const [viewing, setViewing] = useState<number | null>(null);
  const [version, setVersion] = useState(0);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const apiRef = useRef<TableApi | null>(null);

  const done = useCallback(() => {
    setPending(null);
    toast.success(intl.formatMessage({ id: 'msg.success' }));
    apiRef.current?.reload();
    setVersion((v) => v + 1);
  }, [intl]);

  const cancel = useCallback(
    async (id: number) => {
      setBusy(true);
      const result = await changeStatus(area, { id, status: 0 });
      setBusy(false);
      if (result.kind === 'ok') return done();
      setPending(null);
      toast.error(resultText(result));
    },
    [area, done],
  );

  const config = useMemo(() => {
    const hold = (kind: Pending['kind']) => (row: Row, api: TableApi) => {
      apiRef.current = api;
      setPending({ kind, row: refOf(row) });
    };
    const actions: RowAction[] = [
      {
        label: 'page.orders.detail',
        onClick: (row, api) => {
          apiRef.current = api;
          setViewing(Number(row.id));
        },
      },
      { label: 'page.orders.ship', show: canShip, onClick: hold('ship') },
    ];
    if (area === 0) actions.push({ label: 'page.orders.cancel', variant: 'danger', show: canCancel, onClick: hold('cancel') });
    return ordersPage(area, tab, actions);
  }, [area, tab]);

  // one dialog at a time: the detail gives way to the ship form or the cancel confirmation
  const act = (kind: Pending['kind'], order: { id: number; order_no: string }) => {
    setViewing(null);
    setPending({ kind, row: refOf(order as unknown as Row) });
  };

  const toShip = Number(count['2']);
  return (
    <>
      <TablePage
        key={tab}
        config={config}
        onCount={(c) => setCount(c && typeof c === 'object' ? (c as Record<string, unknown>) : {})}
        toolbarExtra={
          fixedTab === undefined && (
            <TabFilter
              label="page.orders.tabs"
              items={ORDER_TABS.map((t) => ({ ...t, badge: t.value === '2' && toShip > 0 ? toShip : undefined, badgeLabel: 'page.orders.badge' }))}
              active={tab}
              onChange={setTab}
            />
          )
        }
      />
      {viewing !== null && (
        <OrderDetailDialog
          key={version}
          area={area}
          id={viewing}
          onClose={() => setViewing(null)}
          onShip={(order) => act('ship', order)}
          onCancel={area === 0 ? (order) => act('cancel', order) : undefined}
        />
      )}
      {pending?.kind === 'ship' && <ShipDialog area={area} order={pending.row} onClose={() => setPending(null)} onShipped={done} />}
      <ConfirmDialog
        open={pending?.kind === 'cancel'}
        busy={busy}
        title={<FormattedMessage id="msg.warning" />}
        message={<FormattedMessage id="page.orders.confirmCancel" values={{ no: pending?.row.order_no ?? '' }} />}
        onConfirm={() => pending && void cancel(pending.row.id)}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
