import { defineMessages } from '../../http/messages';

/** Messages of coupons and full reductions (docs/marketing-api.md). */
export const marketingMessage = defineMessages({
  'marketing.badCouponIds': { 'zh-cn': 'coupon_id 必须是以逗号分隔的优惠券编号', en: 'coupon_id must be coupon ids separated by commas' },
  'marketing.coupon.unknown': { 'zh-cn': '优惠券 {id} 不可用（不存在、已使用、已过期或已停用）', en: 'Coupon {id} cannot be used (unknown, used, expired or stopped)' },
  'marketing.coupon.sameStore': { 'zh-cn': '每个店铺只能使用一张优惠券', en: 'Only one coupon can be used per store' },
  'marketing.coupon.otherStore': { 'zh-cn': '优惠券 {id} 不属于本次结算的店铺', en: 'Coupon {id} is not for a store of this checkout' },
  'marketing.coupon.threshold': { 'zh-cn': '未达到优惠券 {id} 的使用门槛', en: 'The goods amount does not reach the threshold of coupon {id}' },
  'marketing.coupon.taken': { 'zh-cn': '优惠券已被其他订单使用', en: 'The coupon has been used by another order' },
  'marketing.take.notFound': { 'zh-cn': '优惠券不存在', en: 'No such coupon' },
  'marketing.take.notStarted': { 'zh-cn': '优惠券尚未开始领取', en: 'This coupon cannot be taken yet' },
  'marketing.take.ended': { 'zh-cn': '优惠券已过期', en: 'This coupon has expired' },
  'marketing.take.stopped': { 'zh-cn': '优惠券已停用', en: 'This coupon has been stopped' },
  'marketing.take.soldOut': { 'zh-cn': '优惠券已经领完', en: 'This coupon is all gone' },
  'marketing.take.already': { 'zh-cn': '你已经领取过这张优惠券', en: 'You already have this coupon' },
  'marketing.take.used': { 'zh-cn': '这张优惠券你已领取并使用过，每人限领一张', en: 'You already took this coupon and used it: one per shopper' },
  'marketing.take.ownStore': { 'zh-cn': '不能领取自己店铺的优惠券', en: 'You cannot take a coupon of your own store' },
  'marketing.take.subAccount': { 'zh-cn': '子账号不能领取优惠券', en: 'Sub-accounts cannot take coupons' },
  'marketing.badTab': { 'zh-cn': 'status 只能是 unused、used 或 expired', en: 'status must be unused, used or expired' },
  'marketing.period': { 'zh-cn': '结束时间必须晚于开始时间', en: 'The end time must be after the start time' },
});
