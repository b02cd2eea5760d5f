import type { Tx } from '../client';
import { chat_conversations, chat_messages } from '../schema';
import { DEMO } from './accounts';

/** A demo conversation (issue 27): the shopper `demo` asked store 1 something; one answer is unread by the store. */
export async function seedChat(tx: Tx): Promise<void> {
  const pair = { user_id: DEMO.shopper.id, store_id: DEMO.owner.storeId };
  await tx.insert(chat_conversations).values({ id: 1, ...pair, owner_id: DEMO.owner.id, last_message_id: 3, user_read_id: 3, store_read_id: 2, store_unread: 1 });
  await tx.insert(chat_messages).values([
    { id: 1, conversation_id: 1, ...pair, from_store: 0, sender_id: DEMO.shopper.id, content: '你好，请问这款耳机支持降噪吗？' },
    { id: 2, conversation_id: 1, ...pair, from_store: 1, sender_id: DEMO.owner.id, content: '您好，支持主动降噪，续航约 30 小时。' },
    { id: 3, conversation_id: 1, ...pair, from_store: 0, sender_id: DEMO.shopper.id, content: '好的，今天下单什么时候发货？' },
  ]);
}
