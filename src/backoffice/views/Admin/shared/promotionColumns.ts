import { createElement } from 'react';
import { FormattedMessage } from 'react-intl';
import type { Column, DictItem, FormField, Row, ViewField } from '../../../table/types';

/**
 * Columns and fields of the flash-sale and group-buy pages of both consoles (screens §4.6 Seller
 * seckills / collectives; admin 73 / 74): goods image and name, percent off, units, window, state.
 */
export const SALE_STATES: DictItem[] = [
  { label: 'page.promo.state.upcoming', value: 0 },
  { label: 'page.promo.state.running', value: 1 },
  { label: 'page.promo.state.ended', value: 2 },
  { label: 'page.promo.state.stopped', value: 3 },
];

export const LIVE_STOPPED: DictItem[] = [
  { label: 'page.promo.status.live', value: 1 },
  { label: 'page.promo.status.stopped', value: 0 },
];

export const goodsColumns: Column[] = [
  { label: 'page.promo.goodsImage', value: 'goods_master_image', type: 'image', width: 80 },
  { label: 'page.promo.goodsName', value: 'goods_name' },
];

export const discountColumn: Column = { label: 'page.promo.discount', value: 'discount', width: 90 };

/** A sale's units left, or "no cap" (stock null: the goods' own stock limits it). */
const unitsLeft = (row: Row) => (row.stock === null || row.stock === undefined ? createElement(FormattedMessage, { id: 'page.promo.noCap' }) : String(row.stock));

export const saleColumns: Column[] = [
  ...goodsColumns,
  discountColumn,
  { label: 'page.promo.stock', value: 'stock', type: 'custom', width: 80, render: unitsLeft, noExport: false },
  { label: 'page.promo.sold', value: 'sold', width: 80 },
  { label: 'page.promo.startTime', value: 'start_time', type: 'datetime' },
  { label: 'page.promo.endTime', value: 'end_time', type: 'datetime' },
  { label: 'page.promo.state', value: 'state', type: 'dict_tags', translate: true, width: 100 },
];

export const offerColumns: Column[] = [
  ...goodsColumns,
  discountColumn,
  { label: 'page.promo.need', value: 'need', type: 'tags', width: 90 },
  { label: 'page.promo.fillHours', value: 'fill_hours', width: 90 },
  { label: 'page.promo.openGroups', value: 'open_groups', width: 90 },
  { label: 'page.promo.status', value: 'status', type: 'dict_tags', translate: true, width: 90 },
];

/** The seller's goods picker (record picker over /Seller/goods). */
export const goodsPicker: FormField = {
  label: 'page.promo.goods',
  value: 'goods_id',
  type: 'table_select',
  pageUrl: '/Seller/goods',
  columns: [
    { label: 'page.promo.goodsImage', value: 'goods_master_image', type: 'image', width: 80 },
    { label: 'page.promo.goodsName', value: 'goods_name' },
    { label: 'page.promo.price', value: 'goods_price', width: 100 },
    { label: 'page.promo.stock', value: 'goods_stock', width: 80 },
  ],
  searchFields: [{ label: 'page.promo.goodsName', value: 'goods_name', where: 'like' }],
  showName: 'goods_name',
  nameField: 'goods_name',
};

export const discountField: FormField = { label: 'page.promo.discount', value: 'discount', type: 'number', min: 0.01, max: 99.99, step: 0.01, hint: 'page.promo.discountHint', span: 12 };

export const saleView: ViewField[] = [
  { label: 'page.promo.goodsName', value: 'goods_name' },
  { label: 'page.promo.discount', value: 'discount' },
  { label: 'page.promo.stock', value: 'stock', render: unitsLeft },
  { label: 'page.promo.sold', value: 'sold' },
  { label: 'page.promo.startTime', value: 'start_time' },
  { label: 'page.promo.endTime', value: 'end_time' },
];
