import { SalesAnalysis } from '../../../dashboard/salesAnalysis';

/** Menu view `Seller/dashboard/order` (销量分析): the store's sales and its goods of a period. */
export default function SellerSalesAnalysis() {
  return <SalesAnalysis area={1} />;
}
