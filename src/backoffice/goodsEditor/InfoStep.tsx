import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FREE_FREIGHT, STORE_FREIGHT, type GoodsValues } from '../../../machines/goodsEditor';
import { Button } from '../../ui/Button';
import { FormFieldControl } from '../fields/FormFieldControl';
import { richTextHtml } from '../fields/richText';
import type { DictItem, FormField } from '../table/types';
import { editorArea } from './editorApi';
import { Gallery } from './Gallery';
import { classPathText, useErrorText } from './text';
import type { StepProps } from './types';

const YES_NO: DictItem[] = [
  { label: 'page.common.yes', value: 1 },
  { label: 'page.common.no', value: 0 },
];
export const FREIGHT_OPTIONS: DictItem[] = [
  { label: 'page.goodsEditor.freeFreight', value: FREE_FREIGHT },
  { label: 'page.goodsEditor.storeFreight', value: STORE_FREIGHT },
];
export const VERIFY_OPTIONS: DictItem[] = [
  { label: 'page.goodsEditor.verify.approved', value: 1 },
  { label: 'page.goodsEditor.verify.pending', value: 2 },
  { label: 'page.goodsEditor.verify.refused', value: 0 },
];

const escapeAttr = (url: string) => url.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Append images to the stored details (the editor re-reads the HTML). */
export const appendContentImages = (content: string, urls: string[]) => `${richTextHtml(content)}${urls.map((u) => `<p><img src="${escapeAttr(u)}"></p>`).join('')}`;

interface InfoStepProps extends StepProps {
  admin: boolean;
  brands: { label: string; value: number }[];
  /** The store's province freight templates (after free shipping and the store default). */
  freights?: { label: string; value: number }[];
}

/** Step 1: the goods fields (screens §4.5 / §4.6), validated by the machine on NEXT / SAVE. */
export function InfoStep({ context, send, admin, brands, freights = [] }: InfoStepProps) {
  const intl = useIntl();
  const errorText = useErrorText();
  const freightOptions = [...FREIGHT_OPTIONS.map((o) => ({ ...o, label: intl.formatMessage({ id: String(o.label) }) })), ...freights];
  const galleryLabel = useId();
  const values = context.values;
  const area = editorArea(admin) as 0 | 1;
  const set = (field: keyof GoodsValues, value: unknown) => send({ type: 'FIELD.SET', field, value });

  // brand_id 0 is "no brand" (the machine stores any cleared or non-positive choice as 0): the box
  // stays empty with its placeholder (it showed "0"), and so does a brand while the list is
  // loading (not its bare id)
  const shown = (name: keyof GoodsValues) => (name === 'brand_id' && (!(Number(values.brand_id) > 0) || !brands.length) ? '' : values[name]);
  const field = (f: FormField) => (
    <div key={f.value} className={f.span === 12 ? 'md:col-span-1' : 'md:col-span-2'}>
      <FormFieldControl
        field={f}
        value={shown(f.value as keyof GoodsValues)}
        onChange={(v) => set(f.value as keyof GoodsValues, v)}
        error={errorText(context.errors[f.value])}
        dicts={{}}
        area={area}
        values={values as unknown as Record<string, unknown>}
        setValue={(name, v) => set(name as keyof GoodsValues, v)}
        mode={context.mode === 'create' ? 'add' : 'edit'}
      />
    </div>
  );
  const galleryError = errorText(context.errors.goods_images);

  return (
    <div className="flex flex-col gap-4">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <FormattedMessage id="page.goodsEditor.classOf" values={{ path: classPathText(context, intl.locale) }} />
        {!admin && (
          <button type="button" className="focus-ring rounded px-1 text-office hover:underline" onClick={() => send({ type: 'CLASS.EDIT' })}>
            <FormattedMessage id="page.goodsEditor.editClass" />
          </button>
        )}
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        {field({ label: 'page.goodsEditor.name', value: 'goods_name', maxLength: 120 })}
        {field({ label: 'page.goodsEditor.subname', value: 'goods_subname', type: 'textarea', maxLength: 120 })}
        {field({ label: 'page.goodsEditor.goodsNo', value: 'goods_no', placeholder: 'page.goodsEditor.goodsNoPlaceholder', maxLength: 30, span: 12 })}
        {field({ label: 'page.goodsEditor.brand', value: 'brand_id', type: 'select', options: brands, filterable: true, placeholder: 'page.goodsEditor.brandPlaceholder', span: 12 })}
        <div className="flex flex-col gap-1 md:col-span-2" data-field="goods_images">
          <span id={galleryLabel} className="text-sm font-medium text-slate-800">
            <FormattedMessage id="page.goodsEditor.images" />
          </span>
          <Gallery
            images={values.goods_images}
            master={values.goods_master_image}
            area={area}
            space={!admin}
            labelId={galleryLabel}
            describedBy={galleryError ? `${galleryLabel}-error` : undefined}
            onAdd={(urls) => send({ type: 'IMAGES.ADD', urls })}
            onMaster={(url) => send({ type: 'IMAGE.MASTER', url })}
            onRemove={(url) => send({ type: 'IMAGE.REMOVE', url })}
            onInsertContent={(urls) => set('goods_content', appendContentImages(values.goods_content, urls))}
          />
          {galleryError && (
            <p id={`${galleryLabel}-error`} role="alert" className="text-xs text-red-700">
              {galleryError}
            </p>
          )}
        </div>
        {field({ label: 'page.goodsEditor.price', value: 'goods_price', type: 'number', min: 0.01, step: 0.01, span: 12 })}
        {field({ label: 'page.goodsEditor.marketPrice', value: 'goods_market_price', type: 'number', min: 0, step: 0.01, span: 12 })}
        {field({ label: 'page.goodsEditor.weight', value: 'goods_weight', type: 'number', min: 0, step: 0.01, hint: 'page.goodsEditor.weightHint', span: 12 })}
        {field({ label: 'page.goodsEditor.stock', value: 'goods_stock', type: 'number', min: 0, step: 1, span: 12 })}
        {!admin && field({ label: 'page.goodsEditor.freight', value: 'freight_id', type: 'select', options: freightOptions, span: 12 })}
        {field({ label: 'page.goodsEditor.status', value: 'goods_status', type: 'radio', options: YES_NO, translate: true, span: 12 })}
        {admin && field({ label: 'page.goodsEditor.isMaster', value: 'is_master', type: 'radio', options: YES_NO, translate: true, span: 12 })}
        {admin && field({ label: 'page.goodsEditor.verifyLabel', value: 'goods_verify', type: 'select', options: VERIFY_OPTIONS, translate: true, span: 12 })}
        {field({ label: 'page.goodsEditor.content', value: 'goods_content', type: 'editor', folder: 'editor' })}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="office" onClick={() => send({ type: 'NEXT' })}>
          <FormattedMessage id="page.goodsEditor.nextSpecs" />
        </Button>
        <Button variant="primary" onClick={() => send({ type: 'SAVE' })}>
          <FormattedMessage id="page.goodsEditor.publish" />
        </Button>
        <Button variant="secondary" onClick={() => send({ type: 'BACK' })}>
          <FormattedMessage id="page.goodsEditor.back" />
        </Button>
      </div>
    </div>
  );
}
