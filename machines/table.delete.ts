import { assign, raise } from 'xstate';
import { failureMessage } from './table';
import { CONFIRM_MESSAGE_KEY, CONFIRM_TITLE_KEY, tableSetup } from './table.setup';

/** The `delete` region: one row or the selection, confirmed first, then deleted and the list reloaded. */
export const deleteRegion = tableSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      on: {
        'DELETE.ONE': {
          target: 'confirming',
          actions: [
            assign({ deleteIds: ({ event }) => [event.id] }),
            { type: 'askConfirm', params: ({ event }) => ({ ids: [event.id], title: CONFIRM_TITLE_KEY, message: CONFIRM_MESSAGE_KEY }) },
          ],
        },
        'DELETE.SELECTED': [
          { guard: 'hasNoSelection', actions: { type: 'notifySelectFirst', params: {} } },
          {
            target: 'confirming',
            actions: [
              assign({ deleteIds: ({ context }) => [...context.selection] }),
              { type: 'askConfirm', params: ({ context }) => ({ ids: [...context.selection], title: CONFIRM_TITLE_KEY, message: CONFIRM_MESSAGE_KEY }) },
            ],
          },
        ],
      },
    },
    confirming: {
      on: {
        CONFIRM: { target: 'deleting' },
        DECLINE: { target: 'idle', actions: assign({ deleteIds: [] }) },
      },
    },
    deleting: {
      invoke: {
        id: 'deleteRows',
        src: 'deleteRows',
        input: ({ context }) => ({ ids: context.deleteIds }),
        onDone: [
          {
            guard: { type: 'isFailureAnswer', params: ({ event }) => ({ answer: event.output }) },
            target: 'idle',
            actions: [
              assign({ deleteIds: [], errors: ({ context, event }) => ({ ...context.errors, delete: failureMessage(event.output) }) }),
              { type: 'notifyError', params: ({ event }) => ({ operation: 'delete' as const, message: failureMessage(event.output) }) },
            ],
          },
          {
            target: 'idle',
            actions: [
              { type: 'rowsDeleted', params: ({ context }) => ({ ids: context.deleteIds }) },
              assign(({ context }) => {
                const gone = new Set(context.deleteIds.map(String));
                return {
                  selection: context.selection.filter((id) => !gone.has(String(id))),
                  deleteIds: [],
                  errors: { ...context.errors, delete: null },
                };
              }),
              { type: 'notifySuccess', params: { operation: 'delete' as const } },
              raise({ type: 'RELOAD' }),
            ],
          },
        ],
        onError: {
          target: 'idle',
          actions: [
            assign({ deleteIds: [], errors: ({ context, event }) => ({ ...context.errors, delete: failureMessage(event.error) }) }),
            { type: 'notifyError', params: ({ event }) => ({ operation: 'delete' as const, message: failureMessage(event.error) }) },
          ],
        },
      },
    },
  },
});
