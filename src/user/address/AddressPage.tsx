import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MAX_ADDRESSES } from '../../../machines/addressForm';
import { deleteAddresses, loadAddresses, setDefaultAddress, type AddressRow } from '../../api/addresses';
import { resultText } from '../../api/client';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Empty } from '../../ui/Empty';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { UserLayout } from '../layout/UserLayout';
import { navigate } from '../../app/navigation';

/** The address book: list, delete with a confirm, default; adding and editing at /user/address/form/{id?}. */
function AddressBook() {
  const intl = useIntl();
  const [rows, setRows] = useState<AddressRow[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [deleting, setDeleting] = useState<AddressRow | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => {
    const result = await loadAddresses();
    if (result.kind === 'ok') {
      setRows(result.data);
      setFailed(false);
    } else setFailed(true);
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  const makeDefault = async (row: AddressRow) => {
    setBusy(true);
    const result = await setDefaultAddress(row.id);
    setBusy(false);
    if (result.kind !== 'ok') return toast.error(resultText(result) || intl.formatMessage({ id: 'address.saveFailed' }));
    toast.success(intl.formatMessage({ id: 'address.defaultSet' }));
    await reload();
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    const result = await deleteAddresses([deleting.id]);
    setBusy(false);
    setDeleting(null);
    if (result.kind !== 'ok') return toast.error(resultText(result) || intl.formatMessage({ id: 'address.deleteFailed' }));
    toast.success(intl.formatMessage({ id: 'address.deleted' }));
    await reload();
  };

  return (
    <>
      <div className="mb-4 flex items-center justify-between gap-2">
        <p className="text-sm text-slate-600">
          {rows && <FormattedMessage id="address.count" values={{ count: rows.length, max: MAX_ADDRESSES }} />}
        </p>
        <Button onClick={() => navigate('/user/address/form')} disabled={!rows || rows.length >= MAX_ADDRESSES}>
          <FormattedMessage id="address.add" />
        </Button>
      </div>
      {rows === null && !failed && (
        <div className="flex justify-center py-10 text-slate-500">
          <Spinner />
        </div>
      )}
      {failed && (
        <div role="alert" className="flex flex-col items-center gap-3 py-8 text-sm text-red-800">
          <FormattedMessage id="address.loadFailed" />
          <Button variant="secondary" onClick={() => void reload()}>
            <FormattedMessage id="address.retry" />
          </Button>
        </div>
      )}
      {rows && rows.length === 0 && (
        <Empty>
          <FormattedMessage id="address.empty" />
        </Empty>
      )}
      {rows && rows.length > 0 && (
        <ul className="flex flex-col gap-3">
          {rows.map((row) => (
            <li key={row.id} className={`rounded-lg border p-4 ${row.is_default ? 'border-brand bg-brand/5' : 'border-slate-200'}`}>
              <div className="flex flex-wrap items-center gap-2 text-sm text-slate-900">
                <span className="font-medium">{row.receive_name}</span>
                <span className="text-slate-700">{row.receive_tel}</span>
                {row.is_default && (
                  <span className="rounded bg-brand px-1.5 py-0.5 text-xs text-white">
                    <FormattedMessage id="address.default" />
                  </span>
                )}
              </div>
              <p className="mt-1 text-sm break-words text-slate-700">
                {row.area_info} {row.address}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                {!row.is_default && (
                  <Button variant="ghost" className="px-2 py-1" disabled={busy} onClick={() => void makeDefault(row)}>
                    <FormattedMessage id="address.setDefault" />
                  </Button>
                )}
                <Button
                  variant="ghost"
                  className="px-2 py-1"
                  aria-label={intl.formatMessage({ id: 'address.editNamed' }, { name: row.receive_name })}
                  onClick={() => navigate(`/user/address/form/${row.id}`)}
                >
                  <FormattedMessage id="address.edit" />
                </Button>
                <Button
                  variant="ghost"
                  className="px-2 py-1 text-red-700"
                  aria-label={intl.formatMessage({ id: 'address.deleteNamed' }, { name: row.receive_name })}
                  onClick={() => setDeleting(row)}
                >
                  <FormattedMessage id="address.delete" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={<FormattedMessage id="address.deleteTitle" />}
        message={<FormattedMessage id="address.deleteConfirm" values={{ name: deleting?.receive_name ?? '', address: `${deleting?.area_info ?? ''} ${deleting?.address ?? ''}` }} />}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

/** /user/address (screens §3.27, its §6.3 oddities fixed). */
export default function AddressPage() {
  const intl = useIntl();
  return (
    <UserLayout title={intl.formatMessage({ id: 'ucentre.menu.address' })}>
      <AddressBook />
    </UserLayout>
  );
}
