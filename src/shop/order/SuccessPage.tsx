import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { ShopLayout } from '../layout/ShopLayout';
import { OrderSteps } from './OrderSteps';

/** Payment success (/order/success, screens §3.10): every step done, the way to the orders and home. */
export default function SuccessPage() {
  const intl = useIntl();
  useEffect(() => {
    document.title = intl.formatMessage({ id: 'shop.order.successTitle' });
  }, [intl]);
  return (
    <ShopLayout>
      <OrderSteps active={4} />
      <section className="flex flex-col items-center gap-4 rounded border border-slate-200 bg-white px-4 py-16 text-center">
        <span aria-hidden="true" className="flex h-14 w-14 items-center justify-center rounded-full bg-green-600 text-3xl text-white">
          ✓
        </span>
        <h1 className="text-xl font-semibold text-slate-900">
          <FormattedMessage id="shop.order.successTitle" />
        </h1>
        <p className="text-sm text-slate-700">
          <FormattedMessage id="shop.order.successHint" />
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link href="/user/orders" className="focus-ring rounded bg-brand px-5 py-2 text-sm font-medium text-white hover:bg-brand-dark">
            <FormattedMessage id="shop.order.myOrders" />
          </Link>
          <Link href="/" className="focus-ring rounded border border-slate-300 px-5 py-2 text-sm hover:border-brand hover:text-brand">
            <FormattedMessage id="shop.order.home" />
          </Link>
        </div>
      </section>
    </ShopLayout>
  );
}
