import { defineMessages } from '../../http/messages';

/** Messages of the chat routes (issue 27). */
export const chatMessage = defineMessages({
  'chat.noParty': { 'zh-cn': '找不到对方账号，或对方已停用。', en: 'The other party does not exist or is closed.' },
  'chat.storeClosed': { 'zh-cn': '该店铺已关闭，暂时无法联系。', en: 'This store is closed and cannot be contacted.' },
  'chat.self': { 'zh-cn': '不能和自己聊天。', en: 'You cannot chat with yourself.' },
  'chat.noConversation': { 'zh-cn': '还没有和对方的会话。', en: 'There is no conversation with this party yet.' },
  'chat.emptyText': { 'zh-cn': '消息内容不能为空。', en: 'The message is empty.' },
  'chat.textTooLong': { 'zh-cn': '消息最多 {max} 个字符。', en: 'A message allows at most {max} characters.' },
  'chat.badImage': { 'zh-cn': '图片必须是本站上传的图片。', en: 'The image must be one uploaded here.' },
  'chat.badGoods': { 'zh-cn': '该商品不能发送。', en: 'This goods cannot be sent.' },
  'chat.badOrder': { 'zh-cn': '只能发送买家在本店的订单。', en: 'Only an order of this buyer with this store can be sent.' },
  'chat.noStore': { 'zh-cn': '该账号没有可接待客服的店铺。', en: 'This account has no store it may answer chats for.' },
});
