import { SalesAnalysis } from '../../../dashboard/salesAnalysis';

/** Menu view `Admin/dashboard/order` (销量分析): the platform's sales, top stores and goods of a period. */
export default function AdminSalesAnalysis() {
  return <SalesAnalysis area={0} />;
}
