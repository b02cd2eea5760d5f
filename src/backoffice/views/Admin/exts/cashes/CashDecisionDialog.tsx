import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SaveDialog } from '../../../../../ui/SaveDialog';
import { toast } from '../../../../../ui/toast';
import { call } from '../../shared/pageApi';
import { requestedText } from '../../shared/settlementColumns';

export interface CashDecisionDialogProps {
  row: Record<string, unknown>;
  /** 1 pay out, 2 refuse (a reason is required). */
  decision: 1 | 2;
  onClose: () => void;
  onDone: () => void;
}

/**
 * Pay out or refuse one pending withdrawal (`PUT /Admin/cashes/<id> {cash_status, refuse_info, remark}`):
 * the summary (holder, bank, card, requested, fee, net) first, then a remark, and for a refusal the
 * reason the applicant will read. The server changes a pending withdrawal once; a second decision
 * is refused with its state.
 */
export function CashDecisionDialog({ row, decision, onClose, onDone }: CashDecisionDialogProps) {
  const intl = useIntl();
  const uid = useId();
  const [reason, setReason] = useState('');
  const [remark, setRemark] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (decision === 2 && !reason.trim()) return setError(intl.formatMessage({ id: 'page.settle.refuseRequired' }));
    setError('');
    setSaving(true);
    const body: Record<string, unknown> = { cash_status: decision, remark: remark.trim() };
    if (decision === 2) body.refuse_info = reason.trim();
    const result = await call(0, 'PUT', `cashes/${String(row.id)}`, body);
    setSaving(false);
    if (result.kind !== 'ok') return;
    toast.success(intl.formatMessage({ id: decision === 1 ? 'page.settle.paidOut' : 'page.settle.refusedDone' }));
    onDone();
  };

  const summary: [string, string][] = [
    ['page.settle.cashName', String(row.name ?? '')],
    ['page.settle.bankName', String(row.bank_name ?? '')],
    ['page.settle.cardNo', String(row.card_no ?? '')],
    ['page.settle.requested', `￥${requestedText(row)}`],
    ['page.settle.cashFee', `￥${String(row.commission ?? '')}`],
    ['page.settle.cashNet', `￥${String(row.money ?? '')}`],
  ];
  return (
    <SaveDialog title={<FormattedMessage id={decision === 1 ? 'page.settle.payTitle' : 'page.settle.refuseTitle'} />} onClose={onClose} onSubmit={(e) => void submit(e)} saving={saving}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {summary.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">
              <FormattedMessage id={label} />
            </dt>
            <dd className="break-all text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-700">
        <FormattedMessage id={decision === 1 ? 'page.settle.payHint' : 'page.settle.refuseHint'} />
      </p>
      {decision === 2 && (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${uid}-reason`} className="text-sm font-medium text-slate-800">
            <FormattedMessage id="page.settle.refuseInfo" /> <span aria-hidden="true" className="text-red-700">*</span>
          </label>
          <textarea
            id={`${uid}-reason`}
            name="refuse_info"
            required
            maxLength={200}
            rows={3}
            value={reason}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${uid}-reason-error` : undefined}
            onChange={(e) => setReason(e.target.value)}
            className={`focus-ring rounded border px-3 py-2 text-sm ${error ? 'border-red-700' : 'border-slate-400'}`}
          />
          {error && (
            <p id={`${uid}-reason-error`} role="alert" className="text-xs text-red-700">
              {error}
            </p>
          )}
        </div>
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={`${uid}-remark`} className="text-sm font-medium text-slate-800">
          <FormattedMessage id="page.settle.remark" />
        </label>
        <input id={`${uid}-remark`} name="remark" maxLength={100} value={remark} onChange={(e) => setRemark(e.target.value)} className="focus-ring rounded border border-slate-400 px-3 py-2 text-sm" />
      </div>
    </SaveDialog>
  );
}
