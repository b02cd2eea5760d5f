import { Dashboard } from '../../../dashboard/Dashboard';

/** Menu view `Admin/dashboard/index` (is_open 1: embeds the shell). */
export default function AdminDashboard() {
  return <Dashboard area={0} />;
}
