import { SHOPPER_NOTICES, useLiveRefresh } from '../../app/liveNotices';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearch } from 'wouter';
import { ORDER_TABS } from '../../../machines/orderActions';
import { loadOrders, type OrderPage } from '../../api/userOrders';
import { navigate } from '../../app/navigation';
import { useResource } from '../../shop/shared/useResource';
import { LoadFailed } from '../../shop/shared/States';
import { Button } from '../../ui/Button';
import { Empty } from '../../ui/Empty';
import { Pagination } from '../../ui/Pagination';
import { revealInScroller } from '../../ui/revealInScroller';
import { Spinner } from '../../ui/Spinner';
import { UserLayout } from '../layout/UserLayout';
import { OrderCard } from './OrderCard';
import { ordersHref, ordersQueryOf, type OrdersQuery } from './ordersQuery';
import { OrderActionDialogs, useOrderActions } from './useOrderActions';
import { StatusText } from './orderBits';

export const ORDERS_PER_PAGE = 10;

const countOf = (page: OrderPage | undefined, status: number) => page?.counts?.[status === -1 ? 'all' : String(status)];

/** /user/orders (screens §3.22, its oddities fixed): tabs per state with counts, search by order number or goods name, paging. */
function Orders() {
  const intl = useIntl();
  const searchId = useId();
  const query = ordersQueryOf(useSearch());
  const [typed, setTyped] = useState(query.keywords);
  useEffect(() => setTyped(query.keywords), [query.keywords]);
  const key = `user-orders:${query.status}:${query.keywords}:${query.page}`;
  const orders = useResource(key, () => loadOrders({ order_status: query.status, keywords: query.keywords, page: query.page, per_page: ORDERS_PER_PAGE }));
  const actor = useOrderActions(() => orders.reload());
  useLiveRefresh(SHOPPER_NOTICES, () => orders.reload());
  const go = (next: Partial<OrdersQuery>) => navigate(ordersHref({ ...query, page: 1, ...next }));
  const search = (event: FormEvent) => {
    event.preventDefault();
    go({ keywords: typed });
  };
  const page = orders.data;
  const selected = Math.max(0, ORDER_TABS.indexOf(query.status as (typeof ORDER_TABS)[number]));
  // the selected tab stays in view in the scrolling tab row (phones)
  const tabRow = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const row = tabRow.current;
    const tab = row?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (row && tab) revealInScroller(row, tab);
  }, [selected]);

  return (
    <>
      <form role="search" aria-label={intl.formatMessage({ id: 'ucentre.orders.search' })} onSubmit={search} className="mb-4 flex gap-2">
        <label htmlFor={searchId} className="sr-only">
          <FormattedMessage id="ucentre.orders.search" />
        </label>
        <input
          id={searchId}
          type="search"
          value={typed}
          maxLength={60}
          onChange={(e) => setTyped(e.target.value)}
          placeholder={intl.formatMessage({ id: 'ucentre.orders.searchHint' })}
          className="focus-ring min-w-0 flex-1 rounded border border-slate-400 px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500"
        />
        <Button type="submit">
          <FormattedMessage id="ucentre.orders.searchButton" />
        </Button>
      </form>
      <OrderActionDialogs actor={actor} />
      <TabGroup selectedIndex={selected} onChange={(index) => go({ status: ORDER_TABS[index], keywords: query.keywords })}>
        <TabList ref={tabRow} aria-label={intl.formatMessage({ id: 'ucentre.orders.tabs' })} className="mb-4 flex gap-1 overflow-x-auto border-b border-slate-200 lg:flex-wrap lg:overflow-visible">
          {ORDER_TABS.map((status) => {
            const count = countOf(page, status);
            return (
              <Tab
                key={status}
                className="focus-ring shrink-0 border-b-2 border-transparent px-3 py-2 text-sm whitespace-nowrap text-slate-700 data-[selected]:border-brand data-[selected]:font-medium data-[selected]:text-brand"
              >
                {status === -1 ? <FormattedMessage id="ucentre.orders.all" /> : <StatusText status={status} />}
                {count !== undefined && <span className="ml-1 text-xs text-slate-600">({count})</span>}
              </Tab>
            );
          })}
        </TabList>
        <TabPanels>
          {ORDER_TABS.map((status) => (
            <TabPanel key={status} className="focus-ring rounded">
              {orders.status === 'loading' && !page && (
                <div className="flex justify-center py-10 text-slate-500">
                  <Spinner />
                </div>
              )}
              {(orders.status === 'failed' || orders.status === 'missing') && <LoadFailed message={orders.status === 'failed' ? orders.message : ''} onRetry={orders.reload} />}
              {page && page.data.length === 0 && (
                <Empty>
                  <FormattedMessage id={query.keywords ? 'ucentre.orders.noMatch' : 'ucentre.orders.empty'} />
                </Empty>
              )}
              {page && page.data.length > 0 && (
                <div aria-busy={orders.status === 'loading' || undefined} className="flex flex-col gap-4">
                  {page.data.map((order) => (
                    <OrderCard key={order.id} order={order} actor={actor} />
                  ))}
                  {page.total > ORDERS_PER_PAGE && (
                    <Pagination page={query.page} perPage={ORDERS_PER_PAGE} total={page.total} sizes={[ORDERS_PER_PAGE]} onPage={(p) => go({ page: p, status: query.status, keywords: query.keywords })} onSize={() => {}} />
                  )}
                </div>
              )}
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </>
  );
}

export default function OrdersPage() {
  const intl = useIntl();
  return (
    <UserLayout title={intl.formatMessage({ id: 'ucentre.menu.myOrders' })}>
      <Orders />
    </UserLayout>
  );
}
