import type { CheckoutAddress } from '../../../machines/checkout';
import { addressOf } from '../../api/orders';
import { AddressFormDialog } from '../../user/address/AddressFormDialog';

/**
 * "Add an address" at checkout: the user centre's address dialog (src/user/address), whose saved
 * row becomes the checkout's chosen address without leaving the page. Loaded on first use.
 */
export default function NewAddressDialog({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: (address: CheckoutAddress) => void }) {
  return <AddressFormDialog open={open} onClose={onClose} onSaved={(row) => onSaved(addressOf(row))} />;
}
