import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SKU_FIELDS, type SkuField } from '../../../machines/goodsEditor';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Dialog } from '../../ui/Dialog';
import { Empty } from '../../ui/Empty';
import { Spinner } from '../../ui/Spinner';
import { useErrorText } from './text';
import type { StepProps } from './types';

const COLUMN_KEYS: Record<(typeof SKU_FIELDS)[number], string> = {
  goods_market_price: 'page.goodsEditor.marketPrice',
  goods_price: 'page.goodsEditor.price',
  goods_weight: 'page.goodsEditor.weightKg',
  goods_stock: 'page.goodsEditor.stock',
};

interface SpecsStepProps extends StepProps {
  admin: boolean;
  dialogOpen: boolean;
  loadingAttrs: boolean;
  /** An attribute removal that merges combinations waits for the seller's word. */
  confirmDrop?: boolean;
}

function AttrDialog({ context, send }: StepProps) {
  const intl = useIntl();
  const present = new Set(context.attrList.map((a) => a.id));
  const [ids, setIds] = useState<number[]>([]);
  return (
    <Dialog
      open
      onClose={() => send({ type: 'ATTRS.CANCEL' })}
      title={<FormattedMessage id="page.goodsEditor.chooseAttrs" />}
      footer={
        <>
          <Button variant="secondary" onClick={() => send({ type: 'ATTRS.CANCEL' })}>
            <FormattedMessage id="btn.cancel" />
          </Button>
          <Button variant="office" onClick={() => send({ type: 'ATTRS.CONFIRM', ids })}>
            <FormattedMessage id="btn.confirm" />
          </Button>
        </>
      }
    >
      {context.attrOptions.length === 0 ? (
        <Empty>
          <FormattedMessage id="page.goodsEditor.noAttrs" />
        </Empty>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label={intl.formatMessage({ id: 'page.goodsEditor.chooseAttrs' })}>
          {context.attrOptions.map((attr) => (
            <li key={attr.id}>
              <label className="inline-flex items-center gap-1.5 rounded border border-slate-300 px-3 py-1.5 text-sm text-slate-800">
                <Checkbox
                  checked={present.has(attr.id) || ids.includes(attr.id)}
                  disabled={present.has(attr.id)}
                  onChange={(on) => setIds((list) => (on ? [...list, attr.id] : list.filter((id) => id !== attr.id)))}
                />
                {attr.name}
              </label>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

/** Step 3: attributes, ticked specs and the SKU matrix (screens §4.6; the admin edits existing SKUs only). */
export function SpecsStep({ context, send, admin, dialogOpen, loadingAttrs, confirmDrop = false }: SpecsStepProps) {
  const intl = useIntl();
  const errorText = useErrorText();
  const images = context.values.goods_images;
  const setSku = (index: number, field: SkuField, value: string) => send({ type: 'SKU.SET', index, field, value });

  return (
    <div className="flex flex-col gap-4">
      {!admin && (
        <div className="flex flex-col gap-3">
          <div>
            <Button variant="secondary" loading={loadingAttrs} onClick={() => send({ type: 'ATTRS.OPEN' })}>
              <FormattedMessage id="page.goodsEditor.chooseAttrs" />
            </Button>
          </div>
          {context.attrList.map((attr) => (
            <fieldset key={attr.id} className="flex flex-wrap items-center gap-3 rounded border border-slate-200 px-3 py-2">
              <legend className="px-1 text-sm font-medium text-slate-800">{attr.name}</legend>
              {attr.specs.map((spec) => (
                <label key={spec.id} className="inline-flex items-center gap-1.5 text-sm text-slate-800">
                  <Checkbox checked={!!spec.check} onChange={() => send({ type: 'SPEC.TOGGLE', attrId: attr.id, specId: spec.id })} />
                  {spec.name}
                </label>
              ))}
              <button
                type="button"
                className="focus-ring ml-auto rounded px-1 text-xs text-red-700"
                aria-label={intl.formatMessage({ id: 'page.goodsEditor.removeAttr' }, { name: attr.name })}
                onClick={() => send({ type: 'ATTR.REMOVE', attrId: attr.id })}
              >
                <FormattedMessage id="form.remove" />
              </button>
            </fieldset>
          ))}
        </div>
      )}

      {context.skuList.length === 0 ? (
        <Empty>
          <FormattedMessage id="page.goodsEditor.noSkus" />
        </Empty>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[760px] text-sm" aria-label={intl.formatMessage({ id: 'page.goodsEditor.skuTable' })}>
            <thead>
              <tr className="border-b border-slate-200 text-left text-slate-700">
                <th scope="col" className="px-2 py-1.5">SKU</th>
                {SKU_FIELDS.map((f) => (
                  <th key={f} scope="col" className="px-2 py-1.5">
                    <FormattedMessage id={COLUMN_KEYS[f]} />
                  </th>
                ))}
                <th scope="col" className="px-2 py-1.5">
                  <FormattedMessage id="page.goodsEditor.skuImage" />
                </th>
              </tr>
            </thead>
            <tbody>
              {context.skuList.map((sku, index) => {
                const name = sku.sku_name.join(' ');
                return (
                  <tr key={sku.spec_id.join('-')} className="border-b border-slate-100 align-top" data-testid="sku-row">
                    <th scope="row" className="px-2 py-1.5 text-left font-normal text-slate-900">{name}</th>
                    {SKU_FIELDS.map((f) => {
                      const error = errorText(context.errors[`skuList.${index}.${f}`]);
                      const errorId = `sku-${index}-${f}-error`;
                      return (
                        <td key={f} className="px-2 py-1.5">
                          <input
                            type="number"
                            min={f === 'goods_price' ? 0.01 : 0}
                            step={f === 'goods_stock' ? 1 : 0.01}
                            value={sku[f]}
                            aria-label={`${intl.formatMessage({ id: COLUMN_KEYS[f] })} ${name}`}
                            aria-invalid={!!error || undefined}
                            aria-describedby={error ? errorId : undefined}
                            onChange={(e) => setSku(index, f, e.target.value)}
                            className={`focus-ring w-28 rounded border px-2 py-1 ${error ? 'border-red-700' : 'border-slate-400'}`}
                          />
                          {error && (
                            <p id={errorId} role="alert" className="text-xs text-red-700">
                              {error}
                            </p>
                          )}
                        </td>
                      );
                    })}
                    <td className="px-2 py-1.5">
                      <span className="flex items-center gap-2">
                        <select
                          value={sku.goods_image}
                          aria-label={`${intl.formatMessage({ id: 'page.goodsEditor.skuImage' })} ${name}`}
                          onChange={(e) => setSku(index, 'goods_image', e.target.value)}
                          className="focus-ring max-w-32 rounded border border-slate-400 px-2 py-1"
                        >
                          <option value="">{intl.formatMessage({ id: 'page.goodsEditor.noImage' })}</option>
                          {[...new Set([...images, ...(sku.goods_image ? [sku.goods_image] : [])])].map((url, i) => (
                            <option key={url} value={url}>
                              {intl.formatMessage({ id: 'page.goodsEditor.imageN' }, { n: i + 1 })}
                            </option>
                          ))}
                        </select>
                        {sku.goods_image && <img src={sku.goods_image} alt="" className="h-8 w-8 rounded object-cover" />}
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="office" onClick={() => send({ type: 'SAVE' })}>
          <FormattedMessage id="page.goodsEditor.publish" />
        </Button>
        <Button variant="secondary" onClick={() => send({ type: 'PREV' })}>
          <FormattedMessage id="page.goodsEditor.prev" />
        </Button>
      </div>
      {dialogOpen && <AttrDialog context={context} send={send} />}
      <ConfirmDialog
        open={confirmDrop}
        title={<FormattedMessage id={context.dropReason === 'untick' ? 'page.goodsEditor.untickTitle' : 'page.goodsEditor.dropTitle'} />}
        message={
          <FormattedMessage
            id={context.dropReason === 'untick' ? 'page.goodsEditor.untickSkus' : 'page.goodsEditor.dropSkus'}
            values={{ count: confirmDrop ? context.pendingDrop.length : 0, names: context.pendingDrop.map((row) => row.sku_name.join(' ')).join('、') }}
          />
        }
        onConfirm={() => send({ type: 'DROP.CONFIRM' })}
        onCancel={() => send({ type: 'DROP.CANCEL' })}
      />
      {loadingAttrs && <Spinner size="sm" />}
    </div>
  );
}
