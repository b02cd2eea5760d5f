import { AsyncLocalStorage } from 'node:async_hooks';

/** The request a log line belongs to: set around every request by requestId.ts. */
export const requestContext = new AsyncLocalStorage<{ id: string }>();

export const currentRequestId = (): string | undefined => requestContext.getStore()?.id;
