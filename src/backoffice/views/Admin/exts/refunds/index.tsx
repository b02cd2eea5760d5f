import { RefundsPage } from '../../../../refunds/RefundsPage';

/** Menu view `Admin/exts/refunds/index` (`/Admin/refunds`): the after-sale requests of every store. */
export default function AdminRefundsPage() {
  return <RefundsPage area={0} />;
}
