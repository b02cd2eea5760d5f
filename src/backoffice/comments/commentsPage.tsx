import { FormattedMessage } from 'react-intl';
import { PreviewThumbs, imageUrls } from '../table/PreviewThumbs';
import type { CellContext, Column, DictItem, PageConfig, Row, RowAction, SearchField, ViewField } from '../table/types';
import { createdAtColumn, createdAtView } from '../views/Admin/shared/columns';

/**
 * The reviews table of both consoles (menu views `Seller/comments/index`, `Admin/comments/index`;
 * GET /api/{Seller,Admin}/comments): buyer, goods line, the four scores, text with photos, the
 * reply. The store edits its one reply (the edit dialog); the operator hides, shows again or
 * deletes a review (row actions and delete), which the goods' statistics follow on the server.
 */
export const REVIEW_KINDS: DictItem[] = [
  { label: 'page.comments.kind.good', value: 1, colour: 'green' },
  { label: 'page.comments.kind.medium', value: 2, colour: 'slate' },
  { label: 'page.comments.kind.bad', value: 3, colour: 'red' },
];
export const REPLIED: DictItem[] = [
  { label: 'page.comments.replied.yes', value: 1 },
  { label: 'page.comments.replied.no', value: 0 },
];
export const SHOWN: DictItem[] = [
  { label: 'page.comments.shown', value: 1 },
  { label: 'page.comments.hidden', value: 0 },
];

/** "5 · 5 · 4 · 5" with the score names for screen readers and on hover. */
function ScoresCell({ row }: { row: Row }) {
  const parts = (['score', 'agree', 'service', 'speed'] as const).map((key) => Number(row[key] ?? 0));
  return (
    <span className="block whitespace-normal text-xs leading-snug tabular-nums">
      <FormattedMessage id="page.comments.scoresText" values={{ score: parts[0], agree: parts[1], service: parts[2], speed: parts[3] }} />
    </span>
  );
}

function ContentCell({ row }: { row: Row }) {
  const photos = imageUrls(row.image);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span className="line-clamp-2 whitespace-normal break-words">{String(row.content ?? '') || '-'}</span>
      {photos.length > 0 && <PreviewThumbs gallery={photos.map((src, i) => ({ src, alt: `${String(row.goods_name ?? '')} ${i + 1}` }))} />}
    </div>
  );
}

const scores = (row: Row) => <ScoresCell row={row} />;
const content = (row: Row) => <ContentCell row={row} />;

function columnsFor(admin: boolean): Column[] {
  return [
    // At 1280 px the review, its scores and the goods come first: the buyer's avatar (and, for the
    // operator, the goods image and the reply, both in the view dialog) are shown on asking (Columns
    // menu); the buyer, the store, the scores and the review shrink and wrap when short of room.
    { label: 'page.common.avatar', value: 'avatar', type: 'avatar', hidden: true },
    { label: 'page.comments.buyer', value: 'nickname', width: 120 },
    { label: 'page.comments.goodsImage', value: 'goods_master_image', type: 'image', ...(admin ? { hidden: true } : {}) },
    { label: 'page.comments.goods', value: 'goods_name' },
    ...(admin ? [{ label: 'page.comments.store', value: 'store_name', width: 140 } as Column] : []),
    { label: 'page.comments.scores', value: 'score', type: 'custom', render: scores, width: 170, minWidth: 110 },
    { label: 'page.comments.kind', value: 'is_type', type: 'dict_tags', dict: 'is_type', translate: true },
    { label: 'page.comments.content', value: 'content', type: 'custom', render: content, width: 260, minWidth: 150 },
    { label: 'page.comments.reply', value: 'reply', ...(admin ? { hidden: true } : {}) },
    ...(admin ? [{ label: 'page.comments.visibility', value: 'is_show', type: 'dict_tags', dict: 'is_show', translate: true, tagType: true } as Column] : []),
    createdAtColumn,
  ];
}

function searchFor(admin: boolean): SearchField[] {
  return [
    { label: 'page.comments.goods', value: 'goods_name', where: 'like' },
    ...(admin ? [{ label: 'page.comments.store', value: 'store_name', where: 'like' } as SearchField] : []),
    { label: 'page.comments.content', value: 'content', where: 'like' },
    { label: 'page.comments.kind', value: 'is_type', type: 'select', dict: 'is_type', translate: true },
    { label: 'page.comments.replyState', value: 'replied', type: 'select', dict: 'replied', translate: true },
    ...(admin ? [{ label: 'page.comments.visibility', value: 'is_show', type: 'select', dict: 'is_show', translate: true } as SearchField] : []),
    { label: 'page.comments.time', value: 'created_at', type: 'daterange' },
  ];
}

const photosView = (row: Row, _ctx: CellContext) => {
  const photos = imageUrls(row.image);
  return photos.length ? <PreviewThumbs gallery={photos.map((src, i) => ({ src, alt: `${i + 1}` }))} /> : '-';
};

function viewFor(admin: boolean): ViewField[] {
  return [
    { label: 'page.comments.buyer', value: 'nickname' },
    { label: 'page.comments.goods', value: 'goods_name' },
    { label: 'page.comments.sku', value: 'sku_name' },
    ...(admin ? [{ label: 'page.comments.store', value: 'store_name' } as ViewField] : []),
    { label: 'page.comments.scores', value: 'score', viewType: 'custom', render: scores },
    { label: 'page.comments.content', value: 'content' },
    { label: 'page.comments.photos', value: 'image', viewType: 'custom', render: photosView },
    { label: 'page.comments.reply', value: 'reply' },
    { label: 'page.comments.replyTime', value: 'reply_time' },
    ...(admin ? [{ label: 'page.comments.visibility', value: 'is_show', viewType: 'dict_tags', dict: 'is_show', translate: true } as ViewField] : []),
    createdAtView,
  ];
}

const dictData = { is_type: REVIEW_KINDS, replied: REPLIED, is_show: SHOWN };

/** The store's page: its own reviews, the edit dialog writes (or rewrites) the reply. */
export const sellerCommentsPage: PageConfig = {
  url: '/Seller/comments',
  buttons: { store: false, deletes: false, destroy: false, import: false },
  columns: columnsFor(false),
  search: searchFor(false),
  dictData,
  form: {
    add: [],
    edit: [
      { label: 'page.comments.content', value: 'content', type: 'textarea', disabled: true, maxLength: 500 },
      { label: 'page.comments.reply', value: 'reply', type: 'textarea', maxLength: 500, rows: 4 },
    ],
    view: viewFor(false),
    rules: { reply: [{ required: true }, { maxLength: 500 }] },
    beforeSubmit: (values) => ({ reply: values.reply }),
    // the store can only reply: the row button and the dialog say so, not "Edit"
    editLabels: { button: 'page.comments.replyAction', title: 'page.comments.replyTitle' },
  },
};

/** The operator's page: every store's reviews; hide / show again, delete (one or many). */
export function adminCommentsPage(setShown: (row: Row, isShow: 0 | 1, reload: () => void) => void): PageConfig {
  const actions: RowAction[] = [
    { label: 'page.comments.hide', variant: 'secondary', permission: 'update', show: (row) => Number(row.is_show) === 1, onClick: (row, api) => setShown(row, 0, api.reload) },
    { label: 'page.comments.unhide', variant: 'secondary', permission: 'update', show: (row) => Number(row.is_show) !== 1, onClick: (row, api) => setShown(row, 1, api.reload) },
  ];
  return {
    url: '/Admin/comments',
    buttons: { store: false, update: false, destroy: true, import: false },
    columns: columnsFor(true),
    search: searchFor(true),
    dictData,
    rowActions: actions,
    form: { add: [], edit: [], view: viewFor(true) },
  };
}
