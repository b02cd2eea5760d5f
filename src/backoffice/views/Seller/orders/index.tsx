import { OrdersPage } from '../../../orders/OrdersPage';

/** Menu view `Seller/orders/index` (`/Seller/orders`): the store's own orders, every state. */
export default function SellerOrdersPage() {
  return <OrdersPage area={1} />;
}
