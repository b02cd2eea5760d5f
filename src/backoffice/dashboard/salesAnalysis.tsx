import type { OrderAnalysis } from '../../api/dashboard';
import type { Column } from '../table/types';
import { AnalysisPage, READ_ONLY } from './AnalysisPage';
import { moneyText } from './format';
import { SalesTrends } from './Trends';

/** 销量分析 of the platform (area 0: top stores and goods) and of a store (area 1: its goods by orders and by amount). */
const storeColumns: Column[] = [
  { label: 'dashboard.rank.store', value: 'store_name' },
  { label: 'dashboard.rank.orders', value: 'orders_count', width: 100 },
  { label: 'dashboard.rank.amount', value: 'total_price', type: 'money', balance: true, width: 130 },
];
const goodsColumns: Column[] = [
  { label: 'dashboard.rank.goods', value: 'goods_name' },
  { label: 'dashboard.rank.orders', value: 'orders_count', width: 100 },
  { label: 'dashboard.rank.quantity', value: 'quantity', width: 100 },
  { label: 'dashboard.rank.amount', value: 'total_price', type: 'money', balance: true, width: 130 },
];
const ranking = (columns: Column[]) => ({ columns, buttons: { ...READ_ONLY, search: false }, noActions: true, noPagination: true });

export function SalesAnalysis({ area }: { area: 0 | 1 }) {
  return (
    <AnalysisPage<OrderAnalysis>
      area={area}
      name="order"
      total={{ label: 'dashboard.total.sales', current: (s) => Math.round(Number(s.sales) * 100) / 100, previous: (s) => Math.round(Number(s.previous_sales) * 100) / 100, format: (v, locale) => moneyText(locale, v) }}
      chart={(data, busy) => <SalesTrends plot={data.plot} busy={busy} />}
      tables={[
        area === 0
          ? { listKey: 'store', title: 'dashboard.rank.topStores10', config: ranking(storeColumns) }
          : { listKey: 'store', title: 'dashboard.rank.topGoodsByOrders', config: ranking(goodsColumns) },
        { listKey: 'goods', title: 'dashboard.rank.topGoods10', config: ranking(goodsColumns) },
      ]}
    />
  );
}
