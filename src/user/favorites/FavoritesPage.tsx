import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { loadFavorites, removeFavorites, type FavoriteGoods, type FavoriteStore } from '../../api/userOrders';
import { resultText } from '../../api/client';
import { Price } from '../../shop/shared/Price';
import { LoadFailed } from '../../shop/shared/States';
import { useResource } from '../../shop/shared/useResource';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Empty } from '../../ui/Empty';
import { Pagination } from '../../ui/Pagination';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { UserLayout } from '../layout/UserLayout';

const PER_PAGE = 20;
type Row = FavoriteGoods | FavoriteStore;

function Saved({ row }: { row: Row }) {
  if (row.is_type === 0)
    return (
      <Link href={`/goods/${row.out_id}`} className="focus-ring flex min-w-0 flex-1 items-center gap-3 rounded hover:text-brand">
        <img src={row.goods_master_image} alt="" width={64} height={64} loading="lazy" className="h-16 w-16 shrink-0 rounded border border-slate-200 bg-slate-100 object-cover" />
        <span className="min-w-0">
          <span className="line-clamp-2 text-sm text-slate-900">{row.goods_name}</span>
          <Price value={row.goods_price} className="text-sm font-semibold text-brand" />
        </span>
      </Link>
    );
  return (
    <Link href={`/store/${row.out_id}`} className="focus-ring flex min-w-0 flex-1 items-center gap-3 rounded hover:text-brand">
      {row.store_logo ? (
        <img src={row.store_logo} alt="" width={64} height={64} loading="lazy" className="h-16 w-16 shrink-0 rounded-full border border-slate-200 bg-slate-100 object-cover" />
      ) : (
        <span aria-hidden="true" className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xl text-slate-600">
          {[...row.store_name][0] ?? '?'}
        </span>
      )}
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium text-slate-900">{row.store_name}</span>
        <span className="block truncate text-xs text-slate-600">{row.area_info}</span>
      </span>
    </Link>
  );
}

/** One tab: the goods saved (0) or the stores followed (1), paged, each removable after a confirm. */
function FavoriteList({ isType }: { isType: 0 | 1 }) {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const list = useResource(`user-favorites:${isType}:${page}`, () => loadFavorites<Row>(isType, page));
  const [removing, setRemoving] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const nameOf = (row: Row) => (row.is_type === 0 ? row.goods_name : row.store_name);

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    const result = await removeFavorites([removing.id]);
    setBusy(false);
    setRemoving(null);
    if (result.kind !== 'ok') return toast.error(resultText(result) || intl.formatMessage({ id: 'ucentre.fav.removeFailed' }));
    toast.success(intl.formatMessage({ id: 'ucentre.fav.removed' }));
    if (list.data && list.data.data.length === 1 && page > 1) setPage(page - 1);
    else list.reload();
  };

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
        <FormattedMessage id={isType === 0 ? 'ucentre.fav.emptyGoods' : 'ucentre.fav.emptyStores'} />
      </Empty>
    );
  return (
    <div className="flex flex-col gap-4">
      <ul className="grid gap-3 md:grid-cols-2">
        {list.data.data.map((row) => (
          <li key={row.id} className="flex items-center gap-3 rounded-lg border border-slate-200 p-3">
            <Saved row={row} />
            <Button variant="ghost" className="shrink-0 px-2 py-1 text-red-700" onClick={() => setRemoving(row)} aria-label={intl.formatMessage({ id: 'ucentre.fav.removeNamed' }, { name: nameOf(row) })}>
              <FormattedMessage id="ucentre.fav.remove" />
            </Button>
          </li>
        ))}
      </ul>
      {list.data.total > PER_PAGE && <Pagination page={page} perPage={PER_PAGE} total={list.data.total} sizes={[PER_PAGE]} onPage={setPage} onSize={() => {}} />}
      <ConfirmDialog
        open={removing !== null}
        title={<FormattedMessage id="ucentre.fav.removeTitle" />}
        message={<FormattedMessage id="ucentre.fav.removeConfirm" values={{ name: removing ? nameOf(removing) : '' }} />}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}

/** /user/favorites: the goods saved and the stores followed (reference FavoriteHomeCollection / FollowHomeCollection), removable. */
export default function FavoritesPage() {
  const intl = useIntl();
  return (
    <UserLayout title={intl.formatMessage({ id: 'ucentre.menu.favorites' })}>
      <TabGroup>
        <TabList aria-label={intl.formatMessage({ id: 'ucentre.fav.tabs' })} className="mb-4 flex gap-1 border-b border-slate-200">
          {(['ucentre.fav.goods', 'ucentre.fav.stores'] as const).map((id) => (
            <Tab key={id} className="focus-ring border-b-2 border-transparent px-3 py-2 text-sm text-slate-700 data-[selected]:border-brand data-[selected]:font-medium data-[selected]:text-brand">
              <FormattedMessage id={id} />
            </Tab>
          ))}
        </TabList>
        <TabPanels>
          <TabPanel className="focus-ring rounded">
            <FavoriteList isType={0} />
          </TabPanel>
          <TabPanel className="focus-ring rounded">
            <FavoriteList isType={1} />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </UserLayout>
  );
}
