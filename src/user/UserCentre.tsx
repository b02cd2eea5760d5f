import { Redirect, Route, Switch, useParams, useSearch } from 'wouter';
import { ensureMessages } from '../app/i18n';
import { lazyPage } from '../app/lazyPage';

/**
 * The user centre's routes (/user/**). The storefront's route table holds one lazy entry for all
 * of them (its entry chunk stays small); each page is its own chunk, loaded from here.
 */
const UserHome = lazyPage(() => import('./home/UserHome'));
const OrdersPage = lazyPage(() => import('./orders/OrdersPage'));
const OrderDetailPage = lazyPage(() => import('./orders/OrderDetailPage'));
const RefundFormPage = lazyPage(() => import('./refunds/RefundFormPage'));
const AddressPage = lazyPage(() => import('./address/AddressPage'));
const AddressFormPage = lazyPage(() => import('./address/AddressFormPage'));
const FavoritesPage = lazyPage(() => import('./favorites/FavoritesPage'));
const CashesPage = lazyPage(() => import('./cashes/CashesPage'));
const LedgerPage = lazyPage(() => import('./money/LedgerPage'));
const CouponsPage = lazyPage(() => import('./coupons/CouponsPage'));
/** The SMS code field speaks the `auth` message part (sms.*, auth.rule.code). */
const SafePage = lazyPage(() => import('./safe/SafePage'));
/** The SMS code field speaks `auth` (sms.*, auth.rule.code), the ID photos `join` (their remove button). */
const SafeActionPage = lazyPage(async () => {
  const [page] = await Promise.all([import('./safe/SafeActionPage'), ensureMessages('auth'), ensureMessages('join')]);
  return page;
});
const PointsOrdersPage = lazyPage(() => import('./points/PointsOrdersPage'));
const PointsOrderPage = lazyPage(() => import('./points/PointsOrderPage'));
const DistributionPage = lazyPage(() => import('./distribution/DistributionPage'));
const ReferralListPage = lazyPage(() => import('./distribution/ReferralListPage'));
/** The photo uploads speak the `forms` message part (upload.*, form.uploading). */
const ReviewFormPage = lazyPage(async () => {
  const [page] = await Promise.all([import('./comments/ReviewFormPage'), ensureMessages('forms')]);
  return page;
});
const MyReviewsPage = lazyPage(() => import('./comments/MyReviewsPage'));
/** The avatar upload speaks `forms` (upload.*) and `join` (its remove button). */
const InfoPage = lazyPage(async () => {
  const [page] = await Promise.all([import('./info/InfoPage'), ensureMessages('forms'), ensureMessages('join')]);
  return page;
});
const OauthPage = lazyPage(() => import('./oauth/OauthPage'));
/** Customer-service chats (issue 27): the chat texts load with the page. */
const ChatsPage = lazyPage(async () => {
  const [page] = await Promise.all([import('./chats/ChatsPage'), ensureMessages('chat')]);
  return page;
});
const ArticlePage = lazyPage(() => import('./article/ArticlePage'));
const NotFound = lazyPage(() => import('../app/NotFound'));

/** An old address kept working: the same page at the spec's address, with its query. */
function Moved({ to }: { to: string }) {
  const search = useSearch();
  return <Redirect to={search ? `${to}?${search}` : to} replace />;
}
function MovedPointsOrder() {
  const { id } = useParams<{ id: string }>();
  return <Moved to={`/user/integral_order/${id}`} />;
}

export default function UserCentre() {
  return (
    <Switch>
      <Route path="/user" component={UserHome} />
      <Route path="/user/orders" component={OrdersPage} />
      <Route path="/user/order/:id" component={OrderDetailPage} />
      <Route path="/user/order/refund_form/:id" component={RefundFormPage} />
      <Route path="/user/order/refund/:id" component={RefundFormPage} />
      <Route path="/user/address" component={AddressPage} />
      <Route path="/user/address/form/:id?" component={AddressFormPage} />
      <Route path="/user/favorites" component={FavoritesPage} />
      <Route path="/user/coupons" component={CouponsPage} />
      <Route path="/user/safe" component={SafePage} />
      <Route path="/user/safe/password" component={SafeActionPage} />
      <Route path="/user/safe/pay_password" component={SafeActionPage} />
      <Route path="/user/safe/phone" component={SafeActionPage} />
      <Route path="/user/safe/check" component={SafeActionPage} />
      <Route path="/user/cashes" component={CashesPage} />
      <Route path="/user/money" component={LedgerPage} />
      <Route path="/user/frozen_money" component={LedgerPage} />
      <Route path="/user/integral" component={LedgerPage} />
      <Route path="/user/integral_order" component={PointsOrdersPage} />
      <Route path="/user/integral_order/:id" component={PointsOrderPage} />
      <Route path="/user/distribution" component={DistributionPage} />
      <Route path="/user/distribution_users" component={ReferralListPage} />
      <Route path="/user/distribution_logs" component={ReferralListPage} />
      {/* the addresses used before the spec's (issue 30) */}
      <Route path="/user/money_logs">{() => <Moved to="/user/money" />}</Route>
      <Route path="/user/integrals">{() => <Moved to="/user/integral_order" />}</Route>
      <Route path="/user/integral/:id" component={MovedPointsOrder} />
      <Route path="/user/comment/add/:id" component={ReviewFormPage} />
      <Route path="/user/order/comment/:id" component={ReviewFormPage} />
      <Route path="/user/comments" component={MyReviewsPage} />
      <Route path="/user/info" component={InfoPage} />
      <Route path="/user/oauth" component={OauthPage} />
      <Route path="/user/chats" component={ChatsPage} />
      <Route path="/user/article/:name" component={ArticlePage} />
      <Route component={NotFound} />
    </Switch>
  );
}
