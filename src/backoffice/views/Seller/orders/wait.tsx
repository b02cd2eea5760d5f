import { OrdersPage } from '../../../orders/OrdersPage';

/** Menu view `Seller/orders/wait` (`/Seller/orders/wait`): the store's paid orders awaiting shipment. */
export default function SellerOrdersWaitPage() {
  return <OrdersPage area={1} fixedTab="2" />;
}
