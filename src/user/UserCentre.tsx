import { Route, Switch } from 'wouter';
import { ensureMessages } from '../app/i18n';
import { lazyPage } from '../app/lazyPage';

/**
 * The user centre's routes (/user/**). The storefront's route table holds one lazy entry for all
 * of them (its entry chunk stays small); each page is its own chunk, loaded from here.
 */
const UserHome = lazyPage(() => import('./home/UserHome'));
const OrdersPage = lazyPage(() => import('./orders/OrdersPage'));
const OrderDetailPage = lazyPage(() => import('./orders/OrderDetailPage'));
const AddressPage = lazyPage(() => import('./address/AddressPage'));
const FavoritesPage = lazyPage(() => import('./favorites/FavoritesPage'));
const CashesPage = lazyPage(() => import('./cashes/CashesPage'));
const MoneyLogsPage = lazyPage(() => import('./money/MoneyLogsPage'));
/** The SMS code field speaks the `auth` message part (sms.*, auth.rule.code). */
const SafePage = lazyPage(async () => {
  const [page] = await Promise.all([import('./safe/SafePage'), ensureMessages('auth')]);
  return page;
});
const PointsOrdersPage = lazyPage(() => import('./points/PointsOrdersPage'));
const PointsOrderPage = lazyPage(() => import('./points/PointsOrderPage'));
const DistributionPage = lazyPage(() => import('./distribution/DistributionPage'));
const NotFound = lazyPage(() => import('../app/NotFound'));

export default function UserCentre() {
  return (
    <Switch>
      <Route path="/user" component={UserHome} />
      <Route path="/user/orders" component={OrdersPage} />
      <Route path="/user/order/:id" component={OrderDetailPage} />
      <Route path="/user/address" component={AddressPage} />
      <Route path="/user/favorites" component={FavoritesPage} />
      <Route path="/user/safe" component={SafePage} />
      <Route path="/user/cashes" component={CashesPage} />
      <Route path="/user/money_logs" component={MoneyLogsPage} />
      <Route path="/user/integrals" component={PointsOrdersPage} />
      <Route path="/user/integral/:id" component={PointsOrderPage} />
      <Route path="/user/distribution" component={DistributionPage} />
      <Route component={NotFound} />
    </Switch>
  );
}
