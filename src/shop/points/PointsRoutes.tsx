import { Route, Switch } from 'wouter';
import { lazyPage } from '../../app/lazyPage';

/** The points mall's routes (/integral/**); one lazy entry in the storefront's table, each page its own chunk. */
const PointsHome = lazyPage(() => import('./PointsHome'));
const PointsSearch = lazyPage(() => import('./PointsSearch'));
const PointsGoodsPage = lazyPage(() => import('./PointsGoodsPage'));
const PointsCheckoutPage = lazyPage(() => import('./PointsCheckoutPage'));
const NotFound = lazyPage(() => import('../../app/NotFound'));

export default function PointsRoutes() {
  return (
    <Switch>
      <Route path="/integral" component={PointsHome} />
      <Route path="/integral/search/:params?" component={PointsSearch} />
      <Route path="/integral/goods/:id" component={PointsGoodsPage} />
      <Route path="/integral/order/:id/:qty?" component={PointsCheckoutPage} />
      <Route component={NotFound} />
    </Switch>
  );
}
