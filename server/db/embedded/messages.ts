/** What the server says to the embedded database's thread, and what it answers (thread.ts). */
export type ToThread =
  | { type: 'open'; id: number }
  | { type: 'data'; id: number; bytes: Uint8Array }
  | { type: 'close'; id: number }
  | { type: 'snapshot' }
  | { type: 'shutdown' };

export type FromThread =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'data'; id: number; bytes: Uint8Array }
  | { type: 'snapshot'; bytes: Uint8Array }
  | { type: 'closed' };
