import { useIntl } from 'react-intl';
import type { PlotAnalysis } from '../../../../api/dashboard';
import { Chart } from '../../../charts/Chart';
import { AnalysisPage, READ_ONLY } from '../../../dashboard/AnalysisPage';
import { amount, moneyText } from '../../../dashboard/format';
import type { Column, DictItem } from '../../../table/types';

/** Menu view `Admin/dashboard/pay` (支付分析): money paid per period (refunds beside) and the payments. */
const METHODS: DictItem[] = [
  { label: 'dashboard.pay.balance', value: 'balance' },
  { label: 'dashboard.pay.alipay', value: 'alipay' },
  { label: 'dashboard.pay.wechat', value: 'wechat' },
];
const STATES: DictItem[] = [
  { label: 'dashboard.pay.unpaid', value: 0 },
  { label: 'dashboard.pay.paid', value: 1 },
  { label: 'dashboard.pay.closed', value: 2 },
];
const columns: Column[] = [
  { label: 'dashboard.pay.payNo', value: 'pay_no', minWidth: 180 },
  { label: 'dashboard.pay.tradeNo', value: 'trade_no', minWidth: 120 },
  { label: 'dashboard.pay.method', value: 'payment_name', type: 'dict_tags', translate: true, width: 110 },
  { label: 'dashboard.pay.total', value: 'total', type: 'money', balance: true, width: 110 },
  { label: 'dashboard.pay.state', value: 'pay_status', type: 'dict_tags', translate: true, tagType: true, width: 100 },
  { label: 'dashboard.pay.payTime', value: 'pay_time', type: 'datetime' },
  { label: 'table.createdAt', value: 'created_at', type: 'datetime' },
];

export default function PaymentAnalysis() {
  const intl = useIntl();
  return (
    <AnalysisPage<PlotAnalysis>
      area={0}
      name="pay"
      total={{
        label: 'dashboard.total.paid',
        current: (s) => amount(s.sales) + amount(s.refunds),
        previous: (s) => amount(s.previous_sales) + amount(s.previous_refunds),
        format: (v, locale) => moneyText(locale, v),
      }}
      chart={(data, busy) => (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <Chart kind="bar" title="dashboard.chart.paid" valueName="dashboard.value.paid" busy={busy} points={data.plot.map((p) => ({ label: p.time, value: amount(p.num) }))} format={(v) => moneyText(intl.locale, v)} />
          <Chart kind="line" title="dashboard.chart.refunds" valueName="dashboard.value.refunds" busy={busy} points={data.plot.map((p) => ({ label: p.time, value: amount(p.refunds) }))} format={(v) => moneyText(intl.locale, v)} />
        </div>
      )}
      tables={[
        {
          listKey: 'list',
          config: {
            columns,
            buttons: READ_ONLY,
            noActions: true,
            dictData: { payment_name: METHODS, pay_status: STATES },
            search: [
              { label: 'dashboard.pay.payNo', value: 'pay_no', where: 'likeRight' },
              { label: 'dashboard.pay.tradeNo', value: 'trade_no', where: 'likeRight' },
              { label: 'dashboard.pay.method', value: 'payment_name', type: 'select', translate: true },
              { label: 'dashboard.pay.state', value: 'pay_status', type: 'select', translate: true },
            ],
          },
        },
      ]}
    />
  );
}
