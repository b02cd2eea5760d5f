import { defineMessages } from '../../http/messages';

/** Messages of the reviews endpoints (shopper, store, operator). */
export const reviewsMessage = defineMessages({
  'reviews.notFound': { 'zh-cn': '评论不存在', en: 'No such review' },
  'reviews.lineNotInOrder': { 'zh-cn': '该商品不属于这个订单', en: 'This line is not part of the order' },
  'reviews.lineTwice': { 'zh-cn': '同一商品只能评论一次', en: 'A line can be reviewed only once' },
  'reviews.lineReviewed': { 'zh-cn': '该商品已经评论过了', en: 'This line has already been reviewed' },
  'reviews.nothingLeft': { 'zh-cn': '订单中的商品都已评论', en: 'Every line of the order has been reviewed' },
  'reviews.photo': { 'zh-cn': '必须是上传的图片', en: 'must be an uploaded image' },
  'reviews.systemContent': { 'zh-cn': '系统默认好评', en: 'Default good review given by the system' },
});
