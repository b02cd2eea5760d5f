/** A tiny toast store usable outside React (the API client raises toasts too). */
export type ToastKind = 'success' | 'error' | 'info';
export interface ToastItem {
  id: number;
  kind: ToastKind;
  text: string;
}

type Listener = () => void;
let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const DURATION_MS = 3000;

function emit() {
  for (const l of listeners) l();
}

export function dismissToast(id: number) {
  items = items.filter((t) => t.id !== id);
  emit();
}

export function showToast(kind: ToastKind, text: string): number {
  const id = nextId++;
  items = [...items, { id, kind, text }];
  emit();
  setTimeout(() => dismissToast(id), DURATION_MS);
  return id;
}

export const toast = {
  success: (text: string) => showToast('success', text),
  error: (text: string) => showToast('error', text),
  info: (text: string) => showToast('info', text),
};

export function subscribeToasts(l: Listener) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

export const getToasts = () => items;
