import type { AreaIndex as Area } from '../../machines/areas';
import type { ChatMessage, ChatOutgoing } from '../../machines/chatConnection.machine';
import type { ChatPage } from '../../machines/conversation.machine';
import { request, type ApiResult } from './client';

/**
 * Customer-service chat (docs/decisions.md "Chat and live notices"): POST /api/Chat/* with the
 * area's token (the shop's, or the seller centre's: the store answers).
 */
export interface ChatConversation {
  id: number;
  as: 'user' | 'store';
  sid: number;
  rid: number;
  rinfo: { nickname: string; avatar: string };
  sinfo: { nickname: string; avatar: string };
  user_id: number;
  store_id: number;
  lastMsg: { id: number; content: string; content_type: string; from_store: number; created_at: string } | null;
  unread: number;
  updated_at: string;
}

const post = <T,>(area: Area, route: string, payload: Record<string, unknown> = {}) => request<T>(area, 'POST', `/Chat/${route}`, payload, { quiet: true });

export const chatIdentity = (area: Area) => post<{ sid: number; stype: string }>(area, 'add');
export const openChat = (area: Area, rid: number) => post<{ sid: number; conversation_id: number; store_id: number; user_id: number }>(area, 'add', { rid, rtype: 'users' });
export const loadConversations = (area: Area, keyword = '') => post<ChatConversation[]>(area, 'friends', { per_page: 100, ...(keyword ? { keyword } : {}) });
export const loadMessages = (area: Area, rid: number, beforeId?: number): Promise<ApiResult<ChatPage>> =>
  post(area, 'friend_content', { rid, rtype: 'users', per_page: 20, ...(beforeId ? { before_id: beforeId } : {}) });
export const postMessage = (area: Area, m: ChatOutgoing) =>
  post<ChatMessage>(area, 'send', { rid: m.rid, rtype: 'users', content_type: m.content_type, content: m.content, client_id: m.clientId });
export const markRead = (area: Area, rid: number, id: number) => post<{ unread: number }>(area, 'read', { rid, rtype: 'users', id });
export const loadUnread = (area: Area) => post<{ unread: number }>(area, 'unread');

export interface ChatCard {
  id: number;
  name: string;
  image: string;
  price?: string;
  order_no?: string;
  total?: string;
  status?: number;
}
export const loadCards = (area: Area, rid: number, type: 'goods' | 'order', keyword = '') => post<ChatCard[]>(area, 'cards', { rid, rtype: 'users', type, ...(keyword ? { keyword } : {}) });
