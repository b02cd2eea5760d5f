import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatMoneyCell, type Row } from '../../../machines/table';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { ImagePreview, type PreviewImage } from '../../ui/ImagePreview';
import { Spinner } from '../../ui/Spinner';
import { Tag } from '../../ui/Tag';
import { richTextHtml } from '../fields/richText';
import { labelIn, labelsIn, textOf, Thumb } from './cells';
import { imageUrls, PreviewThumbs } from './PreviewThumbs';
import { DEFAULT_DIALOG_WIDTH } from './FormDialog';
import type { CellContext, Column, ViewField, ViewType } from './types';

/** View fields from the columns when a page gives none (every field renders — reference bug 18). */
export function viewFieldsOf(columns: readonly Column[]): ViewField[] {
  const typeOf = (c: Column): ViewType => {
    switch (c.type) {
      case 'image':
      case 'avatar':
        return 'image';
      case 'dict':
        return 'dict';
      case 'dict_tags':
        return 'dict_tags';
      case 'tags':
        return 'tag';
      case 'tags_array':
        return 'tags_array';
      case 'money':
        return 'money';
      case 'custom':
        return 'custom';
      default:
        return 'text';
    }
  };
  return columns.map((c) => ({ label: c.label, value: c.value, viewType: typeOf(c), dict: c.dict, labelName: c.labelName, valueName: c.valueName, translate: c.translate, render: c.render }));
}

/** Every image of the dialog in field order: the preview steps through all of them (licence, ID front, ID back). */
export interface ViewGallery {
  images: PreviewImage[];
  find: (field: string) => { field: string; from: number; count: number } | undefined;
}

export function viewGallery(fields: readonly ViewField[], row: Row, caption: (label: string) => string): ViewGallery {
  const images: PreviewImage[] = [];
  const spans: { field: string; from: number; count: number }[] = [];
  for (const field of fields) {
    if (field.viewType !== 'image' && field.viewType !== 'images') continue;
    const urls = imageUrls(row[field.value]);
    const list = field.viewType === 'image' ? urls.slice(0, 1) : urls;
    const name = caption(field.label);
    spans.push({ field: field.value, from: images.length, count: list.length });
    list.forEach((src, i) => images.push({ src, alt: list.length > 1 ? `${name} ${i + 1}` : name }));
  }
  return { images, find: (value) => spans.find((s) => s.field === value) };
}

interface ViewValueProps {
  field: ViewField;
  row: Row;
  ctx: CellContext;
  gallery: ViewGallery;
  onPreview: (index: number) => void;
}

function ViewValue({ field, row, ctx, gallery, onPreview }: ViewValueProps): ReactNode {
  const intl = useIntl();
  const value = row[field.value];
  switch (field.viewType ?? 'text') {
    case 'custom':
      return field.render ? field.render(row, ctx) : textOf(value);
    case 'tag':
      return <Tag value={value} />;
    case 'tags_array': {
      const list = Array.isArray(value) ? value : value ? String(value).split(',') : [];
      return list.length ? (
        <span className="flex flex-wrap gap-1">
          {list.map((v, i) => (
            <Tag key={i} value={v} />
          ))}
        </span>
      ) : (
        '-'
      );
    }
    case 'dict':
      return labelsIn(ctx.dicts, field, value).join(', ') || '-';
    case 'dict_tags': {
      const label = labelIn(ctx.dicts, field, value);
      return label === null ? textOf(value) : <Tag value={value}>{label}</Tag>;
    }
    case 'image':
    case 'images': {
      const at = gallery.find(field.value);
      if (!at || !at.count) return field.viewType === 'image' ? <Thumb src="" alt={intl.formatMessage({ id: field.label })} /> : '-';
      return <PreviewThumbs gallery={gallery.images} from={at.from} count={at.count} onOpen={onPreview} />;
    }
    case 'html':
      // The server sanitises rich text with an allow-list before storing it.
      return <div className="prose prose-sm max-w-none" dangerouslySetInnerHTML={{ __html: richTextHtml(value) }} />;
    case 'money':
      // the dialog shows amounts (balances, prices): no '+'
      return formatMoneyCell(value as number | string | null | undefined).text.replace(/^\+/, '');
    default:
      return <span className="break-all whitespace-pre-wrap">{textOf(value)}</span>;
  }
}

export interface ViewDialogProps {
  open: boolean;
  loading: boolean;
  row: Row | null;
  fields: ViewField[];
  ctx: CellContext;
  width?: string;
  bottom?: (row: Row) => ReactNode;
  onClose: () => void;
}

/** The view dialog: one label / value line per field. */
export function ViewDialog({ open, loading, row, fields, ctx, width, bottom, onClose }: ViewDialogProps) {
  const intl = useIntl();
  const [preview, setPreview] = useState<number | null>(null);
  useEffect(() => {
    if (!open) setPreview(null);
  }, [open]);
  const gallery = useMemo(() => viewGallery(fields, row ?? {}, (label) => intl.formatMessage({ id: label })), [fields, row, intl]);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={<FormattedMessage id="table.viewTitle" />}
      widthClass=""
      panelStyle={{ width: width ?? DEFAULT_DIALOG_WIDTH }}
      footer={
        <Button variant="secondary" onClick={onClose}>
          <FormattedMessage id="btn.close" />
        </Button>
      }
    >
      {loading || !row ? (
        <div className="flex justify-center py-10 text-slate-500">
          <Spinner />
        </div>
      ) : (
        <>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-3 text-sm">
            {fields.map((field) => (
              <div key={field.value} className="contents">
                <dt className="font-medium text-slate-700">
                  <FormattedMessage id={field.label} />
                </dt>
                <dd className="min-w-0 text-slate-900">
                  <ViewValue field={field} row={row} ctx={ctx} gallery={gallery} onPreview={setPreview} />
                </dd>
              </div>
            ))}
          </dl>
          {bottom?.(row)}
          {/* Nested in the dialog: Headless UI stacks it above, and Escape closes only the preview. */}
          <ImagePreview images={gallery.images} index={open ? preview : null} onIndex={setPreview} onClose={() => setPreview(null)} />
        </>
      )}
    </Dialog>
  );
}
