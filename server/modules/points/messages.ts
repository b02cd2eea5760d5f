import { defineMessages } from '../../http/messages';

/** Messages of the points mall and of points earned by orders. */
export const pointsMessage = defineMessages({
  'points.goodsNotFound': { 'zh-cn': '积分商品不存在或已下架', en: 'No such points goods, or it is off the shelf' },
  'points.outOfStock': { 'zh-cn': '积分商品库存不足', en: 'Not enough of this points goods in stock' },
  'points.insufficient': { 'zh-cn': '积分不足', en: 'Not enough points' },
  'points.badBuyNum': { 'zh-cn': '兑换数量须为 1 到 {max} 的整数', en: 'The quantity must be a whole number from 1 to {max}' },
  'points.orderNotFound': { 'zh-cn': '积分订单不存在', en: 'No such points order' },
  'points.notShippable': { 'zh-cn': '该积分订单已发货或已取消', en: 'This points order is already shipped or cancelled' },
  'points.classNotFound': { 'zh-cn': '积分商品分类不存在', en: 'No such points goods class' },
  'points.classInUse': { 'zh-cn': '分类「{name}」下还有 {count} 个积分商品', en: 'Class "{name}" still holds {count} points goods' },
  'points.wholePoints': { 'zh-cn': '积分须为整数', en: 'Points must be a whole number' },
  'points.subAccount': { 'zh-cn': '子账号不能兑换积分商品', en: 'Sub-accounts cannot redeem points goods' },
});
