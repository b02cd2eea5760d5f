import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import { loadAddress } from '../../api/addresses';
import { navigate } from '../../app/navigation';
import { LoadFailed } from '../../shop/shared/States';
import { useResource } from '../../shop/shared/useResource';
import { rowIdOf } from '../../shop/shared/params';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { UserLayout } from '../layout/UserLayout';
import { AddressForm } from './AddressFormDialog';

const back = () => navigate('/user/address');

/** Editing one saved address: it is loaded first; one that is not the shopper's is not found. */
function EditAddress({ id }: { id: number }) {
  const intl = useIntl();
  const row = useResource(`user-address:${id}`, () => loadAddress(id));
  if (row.status === 'failed') return <LoadFailed message={row.message} onRetry={row.reload} />;
  if (row.status === 'missing' || (row.data === undefined && row.status !== 'loading'))
    return (
      <p role="alert" className="text-sm text-red-800">
        <FormattedMessage id="address.notFound" />
      </p>
    );
  if (!row.data) return <Spinner />;
  return (
    <AddressForm
      address={row.data}
      onClose={back}
      onSaved={() => {
        toast.success(intl.formatMessage({ id: 'address.saved' }));
        back();
      }}
    />
  );
}

/** /user/address/form/{id?} (spec §2): the address form as a page — a new address without an id, editing one with it. */
export default function AddressFormPage() {
  const intl = useIntl();
  const params = useParams<{ id?: string }>();
  const id = params.id === undefined ? null : rowIdOf(params.id);
  const title = intl.formatMessage({ id: id === null ? 'address.addTitle' : 'address.editTitle' });
  return (
    <UserLayout title={title}>
      <div className="flex max-w-xl flex-col gap-4">
        <nav className="text-sm">
          <Link href="/user/address" className="focus-ring rounded text-brand hover:underline">
            <FormattedMessage id="address.back" />
          </Link>
        </nav>
        {id === null ? (
          <AddressForm
            address={null}
            onClose={back}
            onSaved={() => {
              toast.success(intl.formatMessage({ id: 'address.saved' }));
              back();
            }}
          />
        ) : id === 0 ? (
          <p role="alert" className="text-sm text-red-800">
            <FormattedMessage id="address.notFound" />
          </p>
        ) : (
          <EditAddress key={id} id={id} />
        )}
      </div>
    </UserLayout>
  );
}
