/**
 * What a payment gateway does for Souk (docs/orders-api.md "Payment"): show a QR for a payment,
 * tell a genuine notify from a forged one, and refund. `dev` stands in for a method that has no
 * keys configured (test mode); `alipay` and `wechat` wrap the official SDKs. The balance method
 * needs no gateway: it is paid in the request's own transaction (providers/balance.ts).
 */
export type GatewayMethod = 'alipay' | 'wechat';
export type PaymentMethod = 'balance' | GatewayMethod;

export interface QrRequest {
  /** Our out_trade_no (order_pays.pay_no). */
  payNo: string;
  /** What the buyer sees in the wallet (≤ 60 characters). */
  subject: string;
  totalCents: number;
  notifyUrl: string;
  expiresAt: Date;
}

/** A notify as it arrived: the raw body (signatures cover its exact bytes) and the headers. */
export interface IncomingNotify {
  rawBody: string;
  header(name: string): string | undefined;
}

/** A notify whose signature checked out. */
export interface VerifiedNotify {
  payNo: string;
  /** The gateway's transaction number. */
  tradeNo: string;
  /** What the buyer paid, in cents. */
  paidCents: number;
  /** The trade succeeded (Alipay TRADE_SUCCESS / TRADE_FINISHED, WeChat SUCCESS); other notifies are acknowledged and ignored. */
  success: boolean;
}

export interface RefundRequest {
  payNo: string;
  tradeNo: string;
  /** Our refund number (unique per refund). */
  refundNo: string;
  totalCents: number;
  refundCents: number;
  reason: string;
}

/** The HTTP answer a gateway expects to a notify. */
export interface NotifyAnswer {
  status: number;
  contentType: string;
  body: string;
}

export interface GatewayProvider {
  readonly name: 'dev' | GatewayMethod;
  /** The method the buyer picked (the dev provider stands in for either). */
  readonly method: GatewayMethod;
  /** True for the development provider: no money moves. */
  readonly testMode: boolean;
  /** The text of the QR the buyer scans (WeChat Native code_url, Alipay precreate qr_code, the dev confirm page). */
  createQr(request: QrRequest): Promise<{ codeUrl: string }>;
  /** null when the signature (or the payload's shape) does not check out. */
  verifyNotify(notify: IncomingNotify): Promise<VerifiedNotify | null>;
  refund(request: RefundRequest): Promise<{ refundId: string }>;
  /** The gateway's "received, stop sending" body, and its "rejected" one. */
  readonly acknowledge: NotifyAnswer;
  readonly reject: NotifyAnswer;
}
