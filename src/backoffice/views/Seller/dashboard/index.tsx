import { Dashboard } from '../../../dashboard/Dashboard';

/** Menu view `Seller/dashboard/index` (is_open 1: embeds the shell). */
export default function SellerDashboard() {
  return <Dashboard area={1} />;
}
