import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context';
import { toCents } from '../../db/money';
import { order_pays } from '../../db/schema';
import { gatewayFor } from './providers';
import { devNotifyFields } from './providers/dev';
import { originOf } from './origin';

/**
 * GET /api/payment/dev/{pay_no}: the development provider's confirm page (what its QR opens), in
 * Chinese and English, marked TEST MODE. Its Confirm button posts a notify signed with the
 * server's secret to /api/payment/notify/dev — the same pay success a real gateway's notify runs.
 * Served only while the payment's method has no keys configured.
 */
const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const METHOD_NAMES: Record<string, string> = { alipay: '支付宝 Alipay', wechat: '微信支付 WeChat Pay' };

function page(status: number, body: string) {
  return new Response(
    `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
      `<title>测试支付 · Test payment</title><style>` +
      `body{font-family:system-ui,sans-serif;margin:0;background:#f5f5f5;color:#222}main{max-width:420px;margin:0 auto;padding:24px 16px}` +
      `.mode{background:#b45309;color:#fff;font-weight:700;text-align:center;padding:10px;border-radius:6px;letter-spacing:.05em}` +
      `.card{background:#fff;border-radius:8px;padding:16px;margin-top:16px}dl{display:grid;grid-template-columns:auto 1fr;gap:8px 12px;margin:0}dt{color:#666}dd{margin:0;word-break:break-all}` +
      `.amount{font-size:28px;font-weight:700;color:#c2410c}button{width:100%;margin-top:16px;padding:14px;font-size:18px;border:0;border-radius:6px;background:#15803d;color:#fff;cursor:pointer}` +
      `button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}.done{color:#15803d;font-weight:700;text-align:center;font-size:20px}p{line-height:1.5}` +
      `</style></head><body><main><div class="mode" role="status">测试模式 · TEST MODE</div>${body}` +
      `<p>这是开发环境的模拟支付，不会扣除任何真实款项。<br>This is a simulated payment for development: no real money moves.</p></main></body></html>`,
    {
      status,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
      },
    },
  );
}

export async function devConfirmPage(c: Context<AppEnv>): Promise<Response> {
  const { db, config } = c.get('services');
  const payNo = c.req.param('pay_no') ?? '';
  const [pay] = /^P\d{20}$/.test(payNo)
    ? await db
        .select({ name: order_pays.name, total: order_pays.total, method: order_pays.payment_name, status: order_pays.pay_status })
        .from(order_pays)
        .where(eq(order_pays.pay_no, payNo))
    : [];
  const testMode =
    pay && (pay.method === 'alipay' || pay.method === 'wechat') && (await gatewayFor({ db, config, origin: originOf(c) }, pay.method)).provider.testMode;
  if (!pay || !testMode) {
    return page(404, `<div class="card"><p>没有这笔测试支付。<br>There is no such test payment.</p></div>`);
  }
  const details =
    `<dl><dt>金额 Amount</dt><dd class="amount">¥${escape(pay.total)}</dd>` +
    `<dt>商品 Item</dt><dd>${escape(pay.name)}</dd>` +
    `<dt>支付方式 Method</dt><dd>${escape(METHOD_NAMES[pay.method])}</dd>` +
    `<dt>支付单号 Payment no.</dt><dd>${escape(payNo)}</dd></dl>`;
  if (pay.status === 1) {
    return page(200, `<div class="card">${details}<p class="done" role="status">✓ 已支付 · Paid</p><p>请回到下单页面。<br>You can go back to the shop.</p></div>`);
  }
  const fields = devNotifyFields(config.jwtSecret, payNo, toCents(pay.total));
  const hidden = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escape(value)}">`)
    .join('');
  return page(
    200,
    `<div class="card">${details}<form method="post" action="/api/payment/notify/dev">${hidden}` +
      `<button type="submit">确认支付 · Confirm payment</button></form></div>`,
  );
}
