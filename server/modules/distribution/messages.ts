import { defineMessages } from '../../http/messages';

/** Messages of referral commission. */
export const distributionMessage = defineMessages({
  'distribution.goodsNotFound': { 'zh-cn': '商品不存在或不属于本店', en: 'No such goods in this store' },
  'distribution.goodsTaken': { 'zh-cn': '该商品已设置分销佣金', en: 'This goods already has commission rates' },
  'distribution.rateSum': { 'zh-cn': '三级佣金比例之和不能超过 100%', en: 'The three rates together cannot exceed 100 %' },
  'distribution.badRate': { 'zh-cn': '请输入 0 到 100 之间、最多两位小数的百分比', en: 'Enter a percentage from 0 to 100 with at most 2 decimals' },
  'distribution.badLevel': { 'zh-cn': '层级须为 0、1 或 2', en: 'The level must be 0, 1 or 2' },
});
