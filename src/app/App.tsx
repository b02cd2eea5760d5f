import { Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { Redirect, Route, Router, Switch, useLocation } from 'wouter';
import { AREAS, areaOfPath } from '../../machines/areas';
import { ProgressBar } from '../ui/ProgressBar';
import { ToastRegion } from '../ui/Toast';
import { findRoute, getRoutes, menusLoaded, useRoutesVersion } from './backofficeRoutes';
import { loadHomePage } from './homePage';
import { lazyPage } from './lazyPage';
import { ensureBackofficeMessages, ensureMessages, type MessagePart } from './i18n';
import { useGuardedLocation, useNavigationReady } from './navigation';
import { PageFallback } from './PageFallback';
import { caseSensitiveParser } from './routeParser';

/** Public shopper routes of this issue (spec §2) and the back-office login pages; every route is code-split. */
const HomePage = lazyPage(loadHomePage);
/** A page module together with the message parts it shows (scripts/vite-locales.ts LAZY_SHOP_PARTS). */
const withMessages = <T,>(parts: MessagePart | MessagePart[], load: () => Promise<T>) => () =>
  Promise.all([load(), ...[parts].flat().map((part) => ensureMessages(part))]).then(([module]) => module);
const LoginPage = lazyPage(withMessages('auth', () => import('../shop/auth/LoginPage')));
const RegisterPage = lazyPage(withMessages('auth', () => import('../shop/auth/RegisterPage')));
const ForgetPasswordPage = lazyPage(withMessages('auth', () => import('../shop/auth/ForgetPasswordPage')));
const OauthCallbackPage = lazyPage(withMessages('auth', () => import('../shop/auth/OauthCallbackPage')));
const withBackofficeMessages = <T,>(load: () => Promise<T>) => () => Promise.all([load(), ensureBackofficeMessages()]).then(([module]) => module);
const BackofficeLogin = lazyPage(withBackofficeMessages(() => import('../backoffice/login/BackofficeLogin')));
const BackofficePage = lazyPage(withBackofficeMessages(() => import('../backoffice/BackofficePage')));
const BackofficeFallback = lazyPage(withBackofficeMessages(() => import('../backoffice/BackofficeFallback')));
const BuyingRoutes = lazyPage(withMessages(['cart', 'forms'], () => import('../shop/order/BuyingRoutes')));
const JoinPage = lazyPage(withMessages(['join', 'forms'], () => import('../shop/join/JoinPage')));
const SearchPage = lazyPage(withMessages(['catalogue', 'forms'], () => import('../shop/search/SearchPage')));
const GoodsPage = lazyPage(withMessages(['catalogue', 'forms', 'promo'], () => import('../shop/goods/GoodsPage')));
// the page's data is asked for together with its code (src/shop/promotions/seckillsData.ts)
const SeckillsPage = lazyPage(
  withMessages(['catalogue', 'promo'], () => {
    void import('../shop/promotions/seckillsData').then((m) => m.prefetchSeckills());
    return import('../shop/promotions/SeckillsPage');
  }),
);
const CollectivesPage = lazyPage(withMessages(['catalogue', 'promo'], () => import('../shop/promotions/CollectivesPage')));
const GroupPage = lazyPage(withMessages(['catalogue', 'promo'], () => import('../shop/promotions/GroupPage')));
const StoresPage = lazyPage(withMessages(['catalogue', 'forms'], () => import('../shop/stores/StoresPage')));
const StorePage = lazyPage(withMessages(['catalogue', 'forms'], () => import('../shop/stores/StorePage')));
/** The user centre (/user/**, its own routes) with its messages; `forms` holds the address dialog's and the buttons. */
const UserCentre = lazyPage(withMessages(['ucentre', 'forms'], () => import('../user/UserCentre')));
/** The points mall (/integral/**): its pages, the checkout's address picker (cart) and dialog (forms). */
const PointsRoutes = lazyPage(withMessages(['points', 'cart', 'forms'], () => import('../shop/points/PointsRoutes')));
const NotFound = lazyPage(() => import('./NotFound'));
const LabPage = import.meta.env.DEV ? lazyPage(() => import('./lab/LabPage')) : null;

/**
 * The page module of a path the server renders (server/http/pageDocument.ts RENDERED_PAGES), loaded
 * before its HTML is hydrated; null for other paths.
 */
export function preloadRenderedPage(path: string): Promise<unknown> | null {
  if (path === '/') return HomePage.preload();
  if (/^\/goods\/[^/]+$/.test(path)) return GoodsPage.preload();
  return null;
}

/**
 * Unknown to the static table: a back-office route built from the menus, or the 404 page. A
 * logged-in back-office user (the guard loaded the area's menus) stays inside the shell: the
 * area's root goes to the first menu page, and a path no menu has (or any path, for an account
 * without menus) shows a notice there, with the user menu and its logout.
 */
function MenuRouteOr404() {
  const [path] = useLocation();
  useRoutesVersion();
  const area = areaOfPath(path);
  if (area !== 2) {
    const route = findRoute(area, path);
    if (route) return <BackofficePage area={area} route={route} />;
    const first = getRoutes(area)[0];
    if (path === AREAS[area].pagePrefix && first) return <Redirect to={first.path} replace />;
    if (menusLoaded(area)) return <BackofficeFallback area={area} />;
  }
  return <NotFound />;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/login" component={LoginPage} />
        <Route path="/register" component={RegisterPage} />
        <Route path="/forget_password" component={ForgetPasswordPage} />
        <Route path="/oauth/callback/:name" component={OauthCallbackPage} />
        <Route path="/carts" component={BuyingRoutes} />
        <Route path="/order/:page/:params?" component={BuyingRoutes} />
        <Route path="/store/join" component={JoinPage} />
        <Route path="/store/step_1" component={JoinPage} />
        <Route path="/store/step_2" component={JoinPage} />
        <Route path="/store/step_3" component={JoinPage} />
        <Route path="/s/:params?" component={SearchPage} />
        <Route path="/goods/:id" component={GoodsPage} />
        <Route path="/stores" component={StoresPage} />
        <Route path="/seckills" component={SeckillsPage} />
        <Route path="/collectives/group/:id" component={GroupPage} />
        <Route path="/collectives/:params?" component={CollectivesPage} />
        <Route path="/store/:id" component={StorePage} />
        <Route path="/user/*?" component={UserCentre} />
        <Route path="/integral/*?" component={PointsRoutes} />
        <Route path="/Admin/login">{() => <BackofficeLogin area={0} />}</Route>
        <Route path="/Seller/login">{() => <BackofficeLogin area={1} />}</Route>
        {LabPage && <Route path="/__lab" component={LabPage} />}
        <Route component={MenuRouteOr404} />
      </Switch>
    </Suspense>
  );
}

export function App() {
  const ready = useNavigationReady();
  return (
    <Router hook={useGuardedLocation} parser={caseSensitiveParser}>
      <a href="#main" className="skip-link">
        <FormattedMessage id="common.skip" />
      </a>
      <ProgressBar />
      <ToastRegion />
      {ready ? <AppRoutes /> : <PageFallback />}
    </Router>
  );
}
