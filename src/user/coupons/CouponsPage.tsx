import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { loadMyCoupons, type CouponTab, type MyCoupon } from '../../api/marketing';
import { LoadFailed } from '../../shop/shared/States';
import { useResource } from '../../shop/shared/useResource';
import { Empty } from '../../ui/Empty';
import { Pagination } from '../../ui/Pagination';
import { Spinner } from '../../ui/Spinner';
import { UserLayout } from '../layout/UserLayout';

const PER_PAGE = 20;
const TABS: CouponTab[] = ['unused', 'used', 'expired'];
const money = (text: string) => text.replace(/\.00$/, '');

function CouponRow({ coupon, tab }: { coupon: MyCoupon; tab: CouponTab }) {
  const dim = tab !== 'unused';
  return (
    <li className={`flex items-stretch overflow-hidden rounded-lg border ${dim ? 'border-slate-200 bg-slate-50' : 'border-red-200 bg-red-50'}`} data-testid={`my-coupon-${coupon.id}`}>
      <div className={`flex w-24 shrink-0 flex-col items-center justify-center px-2 py-3 ${dim ? 'text-slate-500' : 'text-red-700'}`}>
        <span className="text-xl font-bold">￥{money(coupon.money)}</span>
        <span className="text-xs">
          {Number(coupon.use_money) > 0 ? <FormattedMessage id="ucentre.coupons.threshold" values={{ amount: money(coupon.use_money) }} /> : <FormattedMessage id="ucentre.coupons.noThreshold" />}
        </span>
      </div>
      <div className="flex min-w-0 flex-1 flex-col justify-center gap-0.5 border-l border-dashed border-slate-300 px-3 py-2 text-sm">
        <span className="truncate font-medium text-slate-900">{coupon.name}</span>
        <Link href={`/store/${coupon.store_id}`} className="focus-ring truncate rounded text-xs text-slate-700 hover:text-brand">
          {coupon.store_name}
        </Link>
        <span className="text-xs text-slate-600">
          <FormattedMessage id="ucentre.coupons.valid" values={{ start: coupon.start_time.slice(0, 16), end: coupon.end_time.slice(0, 16) }} />
        </span>
        {tab === 'used' && coupon.order_id > 0 && (
          <Link href={`/user/order/${coupon.order_id}`} className="focus-ring w-fit rounded text-xs text-brand hover:underline">
            <FormattedMessage id="ucentre.coupons.order" />
          </Link>
        )}
      </div>
    </li>
  );
}

/** One tab of the shopper's coupons, paged. */
function CouponList({ tab }: { tab: CouponTab }) {
  const [page, setPage] = useState(1);
  const list = useResource(`user-coupons:${tab}:${page}`, () => loadMyCoupons(tab, page, PER_PAGE));
  if (list.status === 'failed') return <LoadFailed message={list.message} onRetry={list.reload} />;
  if (!list.data)
    return (
      <div className="flex justify-center py-10 text-slate-500">
        <Spinner />
      </div>
    );
  if (list.data.data.length === 0)
    return (
      <Empty>
        <FormattedMessage id={`ucentre.coupons.empty.${tab}`} />
      </Empty>
    );
  return (
    <div className="flex flex-col gap-4">
      <ul className="grid gap-3 md:grid-cols-2">
        {list.data.data.map((coupon) => (
          <CouponRow key={coupon.id} coupon={coupon} tab={tab} />
        ))}
      </ul>
      {list.data.total > PER_PAGE && <Pagination page={page} perPage={PER_PAGE} total={list.data.total} sizes={[PER_PAGE]} onPage={setPage} onSize={() => {}} />}
    </div>
  );
}

/** /user/coupons: the shopper's coupons, unused / used / expired (reference CouponLogCollection, screens §3.29). */
export default function CouponsPage() {
  const intl = useIntl();
  return (
    <UserLayout title={intl.formatMessage({ id: 'ucentre.menu.coupons' })}>
      <TabGroup>
        <TabList aria-label={intl.formatMessage({ id: 'ucentre.coupons.tabs' })} className="mb-4 flex gap-1 border-b border-slate-200">
          {TABS.map((tab) => (
            <Tab key={tab} className="focus-ring border-b-2 border-transparent px-3 py-2 text-sm text-slate-700 data-[selected]:border-brand data-[selected]:font-medium data-[selected]:text-brand">
              <FormattedMessage id={`ucentre.coupons.tab.${tab}`} />
            </Tab>
          ))}
        </TabList>
        <TabPanels>
          {TABS.map((tab) => (
            <TabPanel key={tab}>
              <CouponList tab={tab} />
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </UserLayout>
  );
}
