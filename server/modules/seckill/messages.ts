import { defineMessages } from '../../http/messages';

/** Messages of flash sales and group buying (docs/seckill.md). */
export const seckillMessage = defineMessages({
  'seckill.goodsNotFound': { 'zh-cn': '商品不存在或不属于本店', en: 'No such goods in this store' },
  'seckill.endBeforeStart': { 'zh-cn': '结束时间必须晚于开始时间', en: 'The end must be after the start' },
  'seckill.overlap': { 'zh-cn': '该商品在这段时间已有秒杀活动', en: 'This goods already has a flash sale in that time' },
  'seckill.offerTaken': { 'zh-cn': '该商品已有拼团活动', en: 'This goods already has a group buy' },
  'seckill.saleEnded': { 'zh-cn': '秒杀活动不在进行中，不能支付秒杀订单', en: 'The flash sale is not running: its order cannot be paid' },
  'seckill.groupEnded': { 'zh-cn': '拼团已结束，不能支付', en: 'The group has ended: its order cannot be paid' },
  'seckill.groupNotFilled': { 'zh-cn': '拼团尚未成团，暂不能发货', en: 'The group has not filled yet: the order cannot ship' },
  'seckill.onlyOneGroupLine': { 'zh-cn': '拼团商品需单独下单', en: 'A group-buy line must be checked out on its own' },
  'seckill.groupNotFound': { 'zh-cn': '拼团不存在', en: 'No such group' },
  'orders.refusal.saleClosed': { 'zh-cn': '秒杀活动未开始或已结束', en: 'The flash sale is not running' },
  'orders.refusal.saleSoldOut': { 'zh-cn': '秒杀商品已抢完（剩余 {stock}）', en: 'The flash sale is sold out ({stock} left)' },
  'orders.refusal.groupClosed': { 'zh-cn': '拼团活动已结束', en: 'The group buy has ended' },
  'orders.refusal.groupFull': { 'zh-cn': '该团已满或已结束', en: 'This group is full or has ended' },
  'orders.refusal.groupJoined': { 'zh-cn': '你已在这个团里', en: 'You are already in this group' },
});
