import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ORDER_ACTIONS } from '../../../server/modules/orders/states';
import { logNoteMessage } from '../../../src/user/orders/logNote';

const en = JSON.parse(readFileSync('locales/en.json', 'utf8')) as Record<string, string>;
const zh = JSON.parse(readFileSync('locales/zh-cn.json', 'utf8')) as Record<string, string>;

/** Every note shape the server writes (refunds/apply.ts, refunds/steps.ts, payment/refund.ts, reviews/add.ts, jobs/). */
const SERVER_NOTES: [string, string, Record<string, string>][] = [
  ['申请退款：不想要了', 'refundAsked', { text: '不想要了' }],
  ['申请退货：尺码\n不合适', 'returnAsked', { text: '尺码\n不合适' }],
  ['同意退款 ¥129.00', 'refundAgreed', { amount: '129.00' }],
  ['退货退款 ¥0.00', 'returnRefunded', { amount: '0.00' }],
  ['同意退货，等待买家寄回', 'returnAgreed', {}],
  ['拒绝售后：已过售后期', 'refused', { text: '已过售后期' }],
  ['买家撤销售后', 'withdrawn', {}],
  ['商家确认收到退货', 'returnArrived', {}],
  ['换货重新发货 sf SF123', 'reshipped', { waybill: 'sf SF123' }],
  ['换货发出后超时，系统自动确认收货 sf SF123', 'exchangeAutoReceived', { waybill: 'sf SF123' }],
  ['买家确认收到换货 sf SF123', 'exchangeReceived', { waybill: 'sf SF123' }],
  ['129.00 → alipay (R2026112703262195) 售后退款', 'moneyBack', { amount: '129.00', method: 'alipay', no: 'R2026112703262195' }],
  ['超时未评，系统默认好评', 'autoReview', {}],
  ['超过 30 分钟未支付，自动取消', 'autoCancel', { minutes: '30' }],
  ['发货 7 天后自动确认收货', 'autoReceive', { days: '7' }],
  ['拼团未在时限内成团，自动取消', 'groupCancelled', {}],
  ['拼团未在时限内成团，已退款', 'groupRefunded', {}],
];

describe('order history notes written by the server', () => {
  it('each known shape maps to a message in both locales with its variable parts; other notes stay as written', () => {
    for (const [note, key, values] of SERVER_NOTES) {
      const message = logNoteMessage(note);
      expect(message, note).toEqual({ id: `ucentre.note.${key}`, values });
      expect(en[message!.id], message!.id).toBeTruthy();
      expect(zh[message!.id], message!.id).toBeTruthy();
      expect(en[message!.id]).not.toMatch(/[\u4e00-\u9fff]/);
      for (const name of Object.keys(values)) expect(en[message!.id]).toContain(`{${name}}`);
    }
    expect(logNoteMessage('商家留言：周一发出')).toBeNull();
    expect(logNoteMessage('P20261127113828313040')).toBeNull();
  });

  it('the back office reads the same patterns with its own keys (page.orders.note.*), in both locales', () => {
    for (const [note, key, values] of SERVER_NOTES) {
      const message = logNoteMessage(note, 'page.orders.note');
      expect(message, note).toEqual({ id: `page.orders.note.${key}`, values });
      expect(en[message!.id], message!.id).toBe(en[`ucentre.note.${key}`]);
      expect(zh[message!.id], message!.id).toBe(zh[`ucentre.note.${key}`]);
    }
    for (const method of ['alipay', 'balance', 'wechat']) {
      expect(en[`page.orders.method.${method}`]).toBe(en[`ucentre.payment.${method}`]);
      expect(zh[`page.orders.method.${method}`]).toBeTruthy();
    }
    expect(logNoteMessage('商家留言：周一发出', 'page.orders.note')).toBeNull();
  });
});

describe('order history steps', () => {
  it('every step the server writes (the order-state table, the order itself, a refund paid) is named in both consoles and both locales', () => {
    const steps = [...Object.keys(ORDER_ACTIONS), 'create', 'refund'];
    expect(steps).toContain('groupFailed');
    for (const step of steps) {
      for (const key of [`ucentre.log.${step}`, `page.orders.action.${step}`]) {
        expect(zh[key], key).toBeTruthy();
        expect(en[key], key).toBeTruthy();
        expect(en[key], key).not.toMatch(/[\u4e00-\u9fff]/);
      }
    }
  });
});
