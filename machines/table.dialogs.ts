import { assign, raise } from 'xstate';
import { failureMessage, validate, type Row, type RowId } from './table';
import { tableSetup, type FormErrors, type TableDialogs } from './table.setup';

/**
 * The add, edit and view dialogs, each a region: open, load the row (edit, view), validate and
 * submit (add, edit); a refused submit keeps the dialog open with the server's message.
 */
export const noFormErrors = (): FormErrors => ({ fields: {}, message: null });

export const emptyDialogs = (): TableDialogs => ({
  add: { values: {} },
  edit: { id: null, row: null, values: {} },
  view: { id: null, row: null },
});

export const addDialogRegion = tableSetup.createStateConfig({
  initial: 'closed',
  states: {
    closed: {
      on: {
        'ADD.OPEN': {
          target: 'open',
          actions: assign({
            dialogs: ({ context, event }) => ({ ...context.dialogs, add: { values: { ...(event.values ?? {}) } } }),
            errors: ({ context }) => ({ ...context.errors, add: noFormErrors() }),
          }),
        },
      },
    },
    open: {
      on: {
        'ADD.SUBMIT': [
          {
            guard: { type: 'isValid', params: ({ context, event }) => ({ values: event.values, rules: context.rules, form: 'add' as const }) },
            target: 'submitting',
            actions: assign({
              dialogs: ({ context, event }) => ({ ...context.dialogs, add: { values: { ...event.values } } }),
              errors: ({ context }) => ({ ...context.errors, add: noFormErrors() }),
            }),
          },
          {
            actions: assign({
              dialogs: ({ context, event }) => ({ ...context.dialogs, add: { values: { ...event.values } } }),
              errors: ({ context, event }) => ({ ...context.errors, add: { fields: validate(event.values, context.rules, 'add'), message: null } }),
            }),
          },
        ],
        'ADD.CANCEL': {
          target: 'closed',
          actions: assign({
            dialogs: ({ context }) => ({ ...context.dialogs, add: { values: {} } }),
            errors: ({ context }) => ({ ...context.errors, add: noFormErrors() }),
          }),
        },
      },
    },
    submitting: {
      invoke: {
        id: 'createRow',
        src: 'createRow',
        input: ({ context }) => ({ values: context.dialogs.add.values }),
        onDone: [
          {
            guard: { type: 'isFailureAnswer', params: ({ event }) => ({ answer: event.output }) },
            target: 'open',
            actions: [
              assign({ errors: ({ context, event }) => ({ ...context.errors, add: { fields: {}, message: failureMessage(event.output) } }) }),
              { type: 'notifyError', params: ({ event }) => ({ operation: 'add' as const, message: failureMessage(event.output) }) },
            ],
          },
          {
            target: 'closed',
            actions: [
              { type: 'rowSaved', params: ({ context, event }) => ({ mode: 'add' as const, id: null, values: context.dialogs.add.values, answer: event.output }) },
              assign({ dialogs: ({ context }) => ({ ...context.dialogs, add: { values: {} } }) }),
              { type: 'notifySuccess', params: { operation: 'add' as const } },
              raise({ type: 'RELOAD' }),
            ],
          },
        ],
        onError: {
          target: 'open',
          actions: [
            assign({ errors: ({ context, event }) => ({ ...context.errors, add: { fields: {}, message: failureMessage(event.error) } }) }),
            { type: 'notifyError', params: ({ event }) => ({ operation: 'add' as const, message: failureMessage(event.error) }) },
          ],
        },
      },
    },
  },
});

export const editDialogRegion = tableSetup.createStateConfig({
  initial: 'closed',
  states: {
    closed: {
      on: {
        'EDIT.OPEN': {
          target: 'loading',
          actions: assign({
            dialogs: ({ context, event }) => ({ ...context.dialogs, edit: { id: event.id, row: null, values: {} } }),
            errors: ({ context }) => ({ ...context.errors, edit: noFormErrors() }),
          }),
        },
      },
    },
    loading: {
      invoke: {
        id: 'fetchEditRow',
        src: 'fetchRow',
        input: ({ context }) => ({ id: context.dialogs.edit.id as RowId }),
        onDone: [
          {
            guard: { type: 'isFailureAnswer', params: ({ event }) => ({ answer: event.output }) },
            target: 'closed',
            actions: [
              assign({ errors: ({ context, event }) => ({ ...context.errors, edit: { fields: {}, message: failureMessage(event.output) } }) }),
              { type: 'notifyError', params: ({ event }) => ({ operation: 'edit' as const, message: failureMessage(event.output) }) },
            ],
          },
          {
            target: 'open',
            actions: assign({
              dialogs: ({ context, event }) => {
                const row = (event.output && typeof event.output === 'object' ? event.output : {}) as Row;
                return { ...context.dialogs, edit: { id: context.dialogs.edit.id, row, values: { ...row } } };
              },
            }),
          },
        ],
        onError: {
          target: 'closed',
          actions: [
            assign({ errors: ({ context, event }) => ({ ...context.errors, edit: { fields: {}, message: failureMessage(event.error) } }) }),
            { type: 'notifyError', params: ({ event }) => ({ operation: 'edit' as const, message: failureMessage(event.error) }) },
          ],
        },
      },
      on: { 'EDIT.CANCEL': { target: 'closed' } },
    },
    open: {
      on: {
        'EDIT.SUBMIT': [
          {
            guard: { type: 'isValid', params: ({ context, event }) => ({ values: event.values, rules: context.rules, form: 'edit' as const }) },
            target: 'submitting',
            actions: assign({
              dialogs: ({ context, event }) => ({ ...context.dialogs, edit: { ...context.dialogs.edit, values: { ...event.values } } }),
              errors: ({ context }) => ({ ...context.errors, edit: noFormErrors() }),
            }),
          },
          {
            actions: assign({
              dialogs: ({ context, event }) => ({ ...context.dialogs, edit: { ...context.dialogs.edit, values: { ...event.values } } }),
              errors: ({ context, event }) => ({ ...context.errors, edit: { fields: validate(event.values, context.rules, 'edit'), message: null } }),
            }),
          },
        ],
        'EDIT.CANCEL': {
          target: 'closed',
          actions: assign({
            dialogs: ({ context }) => ({ ...context.dialogs, edit: { id: null, row: null, values: {} } }),
            errors: ({ context }) => ({ ...context.errors, edit: noFormErrors() }),
          }),
        },
      },
    },
    submitting: {
      invoke: {
        id: 'updateRow',
        src: 'updateRow',
        input: ({ context }) => ({ id: context.dialogs.edit.id as RowId, values: context.dialogs.edit.values }),
        onDone: [
          {
            guard: { type: 'isFailureAnswer', params: ({ event }) => ({ answer: event.output }) },
            target: 'open',
            actions: [
              assign({ errors: ({ context, event }) => ({ ...context.errors, edit: { fields: {}, message: failureMessage(event.output) } }) }),
              { type: 'notifyError', params: ({ event }) => ({ operation: 'edit' as const, message: failureMessage(event.output) }) },
            ],
          },
          {
            target: 'closed',
            actions: [
              {
                type: 'rowSaved',
                params: ({ context, event }) => ({ mode: 'edit' as const, id: context.dialogs.edit.id, values: context.dialogs.edit.values, answer: event.output }),
              },
              assign({ dialogs: ({ context }) => ({ ...context.dialogs, edit: { id: null, row: null, values: {} } }) }),
              { type: 'notifySuccess', params: { operation: 'edit' as const } },
              raise({ type: 'RELOAD' }),
            ],
          },
        ],
        onError: {
          target: 'open',
          actions: [
            assign({ errors: ({ context, event }) => ({ ...context.errors, edit: { fields: {}, message: failureMessage(event.error) } }) }),
            { type: 'notifyError', params: ({ event }) => ({ operation: 'edit' as const, message: failureMessage(event.error) }) },
          ],
        },
      },
    },
  },
});

export const viewDialogRegion = tableSetup.createStateConfig({
  initial: 'closed',
  states: {
    closed: {
      on: {
        'VIEW.OPEN': {
          target: 'loading',
          actions: assign({
            dialogs: ({ context, event }) => ({ ...context.dialogs, view: { id: event.id, row: null } }),
            errors: ({ context }) => ({ ...context.errors, view: null }),
          }),
        },
      },
    },
    loading: {
      invoke: {
        id: 'fetchViewRow',
        src: 'fetchRow',
        input: ({ context }) => ({ id: context.dialogs.view.id as RowId }),
        onDone: [
          {
            guard: { type: 'isFailureAnswer', params: ({ event }) => ({ answer: event.output }) },
            target: 'closed',
            actions: [
              assign({ errors: ({ context, event }) => ({ ...context.errors, view: failureMessage(event.output) }) }),
              { type: 'notifyError', params: ({ event }) => ({ operation: 'view' as const, message: failureMessage(event.output) }) },
            ],
          },
          {
            target: 'open',
            actions: assign({
              dialogs: ({ context, event }) => ({
                ...context.dialogs,
                view: { id: context.dialogs.view.id, row: (event.output && typeof event.output === 'object' ? event.output : {}) as Row },
              }),
            }),
          },
        ],
        onError: {
          target: 'closed',
          actions: [
            assign({ errors: ({ context, event }) => ({ ...context.errors, view: failureMessage(event.error) }) }),
            { type: 'notifyError', params: ({ event }) => ({ operation: 'view' as const, message: failureMessage(event.error) }) },
          ],
        },
      },
      on: { 'VIEW.CANCEL': { target: 'closed' } },
    },
    open: {
      on: {
        'VIEW.CANCEL': {
          target: 'closed',
          actions: assign({ dialogs: ({ context }) => ({ ...context.dialogs, view: { id: null, row: null } }) }),
        },
      },
    },
  },
});
