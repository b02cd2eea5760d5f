import { RefundsPage } from '../../../refunds/RefundsPage';

/** Menu view `Seller/refunds/index` (`/Seller/refunds`): the store's after-sale requests. */
export default function SellerRefundsPage() {
  return <RefundsPage area={1} />;
}
