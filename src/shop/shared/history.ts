/** Browsing history (screens §3.6): localStorage `shop_goods_historys`, 4 items, newest first. */
export interface HistoryItem { id: number; goods_name: string; goods_price: string; image: string }

export const HISTORY_KEY = 'shop_goods_historys';
export const HISTORY_MAX = 4;

export function readHistory(): HistoryItem[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(HISTORY_KEY) || '[]');
    return Array.isArray(list) ? (list.filter((x) => x && typeof x === 'object' && Number.isSafeInteger(x.id)) as HistoryItem[]) : [];
  } catch {
    return [];
  }
}

/** Puts `item` first (dropping an older entry of the same goods) and keeps the newest 4. */
export function pushHistory(item: HistoryItem): HistoryItem[] {
  const list = [item, ...readHistory().filter((x) => x.id !== item.id)].slice(0, HISTORY_MAX);
  try {
    localStorage.setItem(HISTORY_KEY, JSON.stringify(list));
  } catch {
    /* storage full or unavailable: history is a nicety */
  }
  return list;
}
