import { Route, Switch } from 'wouter';
import { lazyPage } from '../../app/lazyPage';
import CartPage from '../cart/CartPage';

const CheckoutPage = lazyPage(() => import('./CheckoutPage'));
const PayPage = lazyPage(() => import('./PayPage'));
const SuccessPage = lazyPage(() => import('./SuccessPage'));
const NotFound = lazyPage(() => import('../../app/NotFound'));

/**
 * The buying flow (/carts, then /order/before/<params>, /order/pay/<params>, /order/success): one
 * lazy module behind `/carts` and `/order/:page/:params?` of the app's table (src/app/App.tsx), with
 * one message part ('cart'), so the four pages cost the storefront's first load one import and two
 * routes. The cart comes with this module; each order page is its own chunk; any other /order/
 * path is the not-found page (server/http/pageRoutes.ts answers it with 404).
 */
export default function BuyingRoutes() {
  return (
    <Switch>
      <Route path="/carts" component={CartPage} />
      <Route path="/order/before/:params" component={CheckoutPage} />
      <Route path="/order/pay/:params" component={PayPage} />
      <Route path="/order/success" component={SuccessPage} />
      <Route component={NotFound} />
    </Switch>
  );
}
