import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import { fromCents, toCents } from '../money';
import { addresses, order_pays, orders } from '../schema';
import { applyLedger } from '../../modules/money/ledger';
import { createOrders } from '../../modules/orders/create';
import { changeOrderState } from '../../modules/orders/states';
import { paySuccess } from '../../modules/payment/success';
import { applyForAfterSale } from '../../modules/refunds/apply';
import { takeStep, type StepInput } from '../../modules/refunds/steps';
import { DEMO } from './accounts';
import { storeLines } from './orders';

/**
 * Demo after-sales (issue 13) of the demo shopper at store 1, made through the real functions
 * (order create, balance payment, the after-sale steps), so every row, history entry and money
 * log is what the running shop would write: a refund waiting for the store, a return whose goods
 * are on their way back, a refund paid back to the balance, and a refused request. A 系统处理
 * credit first covers what these orders keep, so the demo balance stays at its seeded amount.
 */
type DemoStep = Omit<StepInput, 'orderId' | 'actorId' | 'actorName'>;

interface DemoRefund {
  pick: number;
  shipped?: boolean;
  received?: boolean;
  type: 0 | 1;
  remark: string;
  steps: DemoStep[];
  /** Refunded in full by its steps. */
  refunded?: boolean;
}

const SELLER = { actor: 'seller' as const };
const BUYER = { actor: 'user' as const };

const DEMO_REFUNDS: DemoRefund[] = [
  { pick: 0, type: 0, remark: '拍错了规格，还没发货，申请退款', steps: [] },
  {
    pick: 1,
    shipped: true,
    received: true,
    type: 1,
    remark: '尺码偏小，申请退货',
    steps: [
      { step: 'agree', ...SELLER },
      { step: 'shipBack', ...BUYER, deliveryCode: 'sf', deliveryNo: 'SF1402638800021' },
    ],
  },
  { pick: 2, type: 0, remark: '不想要了', steps: [{ step: 'agree', ...SELLER }], refunded: true },
  {
    pick: 3,
    shipped: true,
    type: 0,
    remark: '物流太慢',
    steps: [{ step: 'refuse', ...SELLER, refuseRemark: '订单已发出，请收货后如有问题再申请退货' }],
  },
];

export async function seedRefunds(tx: Tx): Promise<void> {
  const [home] = await tx.select().from(addresses).where(eq(addresses.user_id, DEMO.shopper.id)).orderBy(sql`${addresses.is_default} desc`).limit(1);
  const candidates = await storeLines(tx, DEMO.owner.storeId);
  const buyer = { id: DEMO.shopper.id, name: '演示买家' };
  const made: { id: number; demo: DemoRefund; cents: number }[] = [];
  for (const [index, demo] of DEMO_REFUNDS.entries()) {
    const created = await createOrders(tx as unknown as Db, {
      buyer,
      request: { lines: [{ ...candidates[demo.pick % candidates.length], buyNum: 1 }], ifcart: false },
      address: home,
      remarks: { all: '', byStore: new Map() },
      idemKey: { key: `seed-refund-${index}` },
      timeZone: 'Asia/Shanghai',
    });
    const [row] = await tx.select({ total: orders.total_price }).from(orders).where(eq(orders.id, created.order_id[0]));
    made.push({ id: created.order_id[0], demo, cents: toCents(row.total) });
  }
  // what these orders keep (all paid, some refunded) comes from a credit, so the seeded balance holds
  const kept = made.reduce((sum, m) => sum + (m.demo.refunded ? 0 : m.cents), 0);
  if (kept > 0) await applyLedger(tx, { owner: 'user', id: DEMO.shopper.id, type: 0, cents: kept, name: '系统处理', info: '演示售后订单' });

  for (const [index, { id, demo, cents }] of made.entries()) {
    const payNo = `P${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}${String(880_000 + index).padStart(6, '0')}`;
    await tx.insert(order_pays).values({ belong_id: DEMO.shopper.id, name: '演示售后订单', order_ids: String(id), pay_no: payNo, payment_name: 'balance', device: 'scan', total: fromCents(cents) });
    await paySuccess(tx, { payNo, tradeNo: '-', paidCents: cents });
    if (demo.shipped) await changeOrderState(tx, { orderId: id, action: 'ship', actor: 'seller', actorId: DEMO.owner.id, actorName: '商家小王', set: { delivery_code: 'yd', delivery_no: `4318862200${index}17` } });
    if (demo.received) await changeOrderState(tx, { orderId: id, action: 'receive', actor: 'user', actorId: buyer.id, actorName: buyer.name });
    await applyForAfterSale(tx, { orderId: id, userId: buyer.id, userName: buyer.name, refundType: demo.type, remark: demo.remark, images: [], timeZone: 'Asia/Shanghai' });
    for (const step of demo.steps) {
      const who = step.actor === 'seller' ? { actorId: DEMO.owner.id, actorName: '商家小王' } : { actorId: buyer.id, actorName: buyer.name };
      await takeStep(tx, { ...step, ...who, orderId: id });
    }
  }
}
