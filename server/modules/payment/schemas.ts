import { z } from 'zod';

/** Inputs of the payment endpoints (docs/orders-api.md "Payment"). */
export const MAX_ORDERS_PER_PAYMENT = 50;
const MAX_ID = 2_147_483_647;

const key = (name: string) => ({ params: { key: name } });

/** `order_id`: a comma list ("3,4"), one id, or an array of ids → distinct ids in order. */
export const orderIds = () =>
  z
    .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])
    .transform((v) => (Array.isArray(v) ? v.map(String) : String(v).split(',')).map((s) => s.trim()).filter((s) => s !== ''))
    .refine((list) => list.length >= 1 && list.length <= MAX_ORDERS_PER_PAYMENT && list.every((s) => /^\d{1,10}$/.test(s) && Number(s) >= 1 && Number(s) <= MAX_ID), {
      params: { key: 'fieldInvalid' },
    })
    .transform((list) => [...new Set(list.map(Number))]);

export const METHODS = ['balance', 'wechat', 'alipay'] as const;
export type Method = (typeof METHODS)[number];

const sixDigits = /^\d{6}$/;

export const paySchema = z
  .object({
    order_id: orderIds(),
    payment_name: z.string().refine((v): v is Method => (METHODS as readonly string[]).includes(v), key('payment.methodInvalid')),
    device: z.preprocess((v) => (v === undefined || v === '' ? 'scan' : v), z.literal('scan')),
    pay_password: z.string().optional(),
  })
  .superRefine((input, ctx) => {
    if (input.payment_name === 'balance' && !sixDigits.test(input.pay_password ?? '')) {
      ctx.addIssue({ code: 'custom', path: ['pay_password'], input: input.pay_password, ...key('payment.passwordFormat') });
    }
  });

export const checkSchema = z
  .object({
    order_id: orderIds().optional(),
    pay_no: z
      .string()
      .trim()
      .regex(/^P\d{20}$/)
      .optional(),
  })
  .refine((input) => input.order_id !== undefined || input.pay_no !== undefined, { path: ['order_id'], params: { key: 'fieldRequired' } });

export const payPasswordSchema = z.object({
  code: z.string().trim().regex(sixDigits),
  pay_password: z.string().refine((v) => sixDigits.test(v), key('payment.passwordFormat')),
});
