import { Route, Switch } from 'wouter';
import { lazyPage } from '../../app/lazyPage';

const CheckoutPage = lazyPage(() => import('./CheckoutPage'));
const PayPage = lazyPage(() => import('./PayPage'));
const SuccessPage = lazyPage(() => import('./SuccessPage'));
const NotFound = lazyPage(() => import('../../app/NotFound'));

/**
 * The buying pages under /order/ (checkout, payment, success): one lazy entry in the app's route
 * table (src/app/App.tsx), each page its own chunk.
 */
export default function OrderRoutes() {
  return (
    <Switch>
      <Route path="/order/before/:params" component={CheckoutPage} />
      <Route path="/order/pay/:params" component={PayPage} />
      <Route path="/order/success" component={SuccessPage} />
      <Route component={NotFound} />
    </Switch>
  );
}
