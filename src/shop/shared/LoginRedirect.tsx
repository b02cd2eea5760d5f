import { Redirect } from 'wouter';
import { loginWithReturn } from '../../app/returnTo';

/** A shopper-only page opened while logged out: to /login, which comes back here afterwards. */
export function LoginRedirect() {
  return <Redirect to={loginWithReturn('/login')} replace />;
}
