import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import type { AreaIndex as Area } from '../../machines/areas';
import { conversationMachine, type LoadPageInput } from '../../machines/conversation.machine';
import { useLabActor } from '../app/devRegistry';
import { getInspect } from '../app/inspectHook';
import { loadMessages, markRead } from '../api/chat';
import { chatLive, rejection } from './live';

/**
 * The conversation statechart of one thread, bound to the chat API and the area's live
 * connection: pages from friend_content, sends through the connection's outbox, live messages
 * and send results from the connection, and what the other side wrote marked read.
 */
export function useConversation(area: Area, rid: number | null) {
  const live = chatLive(area);
  const actor = useActorRef(
    conversationMachine.provide({
      actors: {
        loadPage: fromPromise(async ({ input }: { input: LoadPageInput }) => {
          const result = await loadMessages(area, input.rid, input.beforeId);
          if (result.kind !== 'ok') throw rejection(result);
          return result.data;
        }),
      },
      actions: {
        enqueue: (_, { message }) => live.send(message),
        markRead: ({ context }, { id }) => {
          if (context.rid !== null) void markRead(area, context.rid, id).then(() => live.unread.refresh());
        },
      },
    }),
    { inspect: getInspect() },
  );
  useLabActor(`conversation:${area}`, actor);
  useEffect(() => {
    const offMessage = live.onMessage((message) => actor.send({ type: 'MESSAGE.RECEIVED', message }));
    const offResult = live.onSendResult((r) =>
      actor.send('message' in r ? { type: 'MESSAGE.SENT', clientId: r.clientId, message: r.message } : { type: 'MESSAGE.FAILED', clientId: r.clientId, error: r.error }),
    );
    return () => {
      offMessage();
      offResult();
    };
  }, [actor, live]);
  useEffect(() => {
    if (rid === null) actor.send({ type: 'CLOSE' });
    else {
      actor.send({ type: 'OPEN', rid });
      // opening the thread reads it (friend_content marks it read on the server)
      const timer = setTimeout(() => live.unread.refresh(), 800);
      return () => clearTimeout(timer);
    }
  }, [actor, rid, live]);
  const messages = useSelector(actor, (s) => s.context.messages);
  const loading = useSelector(actor, (s) => s.matches({ active: 'loading' }));
  const loadingOlder = useSelector(actor, (s) => s.matches({ active: 'loadingOlder' }));
  const failed = useSelector(actor, (s) => s.matches({ active: 'loadFailed' }));
  const hasMore = useSelector(actor, (s) => s.context.hasMore);
  const error = useSelector(actor, (s) => s.context.error);
  return { actor, send: actor.send, messages, loading, loadingOlder, failed, hasMore, error };
}
