import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { isFavourite, toggleFavourite } from '../../api/shop';
import { go } from '../../app/navigation';
import { useSession } from '../../app/session';
import { loginWithReturn } from '../../app/returnTo';

/**
 * Favourite toggle for goods (is_type 0) or a store (is_type 1). The label follows the server's
 * answer (fix of screens §6.3 item 34); anonymous shoppers go to /login.
 */
export function FavButton({ isType, outId, className = '' }: { isType: 0 | 1; outId: number; className?: string }) {
  const { loggedIn } = useSession(2);
  const [fav, setFav] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setFav(false);
    if (!loggedIn) return;
    let live = true;
    void isFavourite(isType, outId).then((r) => live && r.kind === 'ok' && setFav(Boolean(r.data)));
    return () => {
      live = false;
    };
  }, [isType, outId, loggedIn]);
  const toggle = async () => {
    if (!loggedIn) {
      go(loginWithReturn('/login'));
      return;
    }
    setBusy(true);
    const result = await toggleFavourite(isType, outId);
    setBusy(false);
    if (result.kind === 'ok') setFav(Boolean(result.data?.is_fav));
  };
  const id = isType === 0 ? (fav ? 'shop.fav.goodsOn' : 'shop.fav.goods') : fav ? 'shop.fav.storeOn' : 'shop.fav.store';
  return (
    <button
      type="button"
      aria-pressed={fav}
      disabled={busy}
      onClick={() => void toggle()}
      className={`focus-ring inline-flex items-center gap-1 rounded border px-3 py-1 text-sm ${fav ? 'border-brand text-brand' : 'border-slate-300 text-slate-700 hover:border-brand hover:text-brand'} ${className}`}
    >
      <span aria-hidden="true">{fav ? '♥' : '♡'}</span>
      <FormattedMessage id={id} />
    </button>
  );
}
