import { OrdersPage } from '../../../../orders/OrdersPage';

/** Menu view `Admin/exts/orders/index` (`/Admin/orders`): the orders of every store. */
export default function AdminOrdersPage() {
  return <OrdersPage area={0} />;
}
