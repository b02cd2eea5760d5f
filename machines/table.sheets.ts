import { assign, raise } from 'xstate';
import { failureMessage, importFailure, importReport } from './table';
import { tableSetup, type ExportRowsInput, type PickedSheet } from './table.setup';

/**
 * The `export` and `import` regions: export the selected rows or every row of the current search;
 * import a picked sheet (read, send, report the real outcome until dismissed).
 */
export const exportRegion = tableSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      on: { EXPORT: { target: 'exporting', actions: assign({ errors: ({ context }) => ({ ...context.errors, export: null }) }) } },
    },
    exporting: {
      invoke: {
        id: 'exportRows',
        src: 'exportRows',
        input: ({ context }): ExportRowsInput => {
          if (context.selection.length) {
            const wanted = new Set(context.selection.map(String));
            const rows = context.rows.filter((row) => wanted.has(String(row[context.idKey])));
            return { mode: 'selected', ids: [...context.selection], rows };
          }
          return { mode: 'all', query: { ...context.params, ...context.query } };
        },
        onDone: [
          {
            guard: { type: 'isFailureAnswer', params: ({ event }) => ({ answer: event.output }) },
            target: 'idle',
            actions: [
              assign({ errors: ({ context, event }) => ({ ...context.errors, export: failureMessage(event.output) }) }),
              { type: 'notifyError', params: ({ event }) => ({ operation: 'export' as const, message: failureMessage(event.output) }) },
            ],
          },
          { target: 'idle', actions: { type: 'notifySuccess', params: { operation: 'export' as const } } },
        ],
        onError: {
          target: 'idle',
          actions: [
            assign({ errors: ({ context, event }) => ({ ...context.errors, export: failureMessage(event.error) }) }),
            { type: 'notifyError', params: ({ event }) => ({ operation: 'export' as const, message: failureMessage(event.error) }) },
          ],
        },
      },
    },
  },
});

export const importRegion = tableSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      on: {
        'IMPORT.PICK': {
          target: 'reading',
          actions: assign({ importFile: ({ event }) => event.file, lastImport: null, sheetLines: [], skippedLines: [] }),
        },
      },
    },
    reading: {
      invoke: {
        id: 'readSheet',
        src: 'readSheet',
        input: ({ context }) => ({ file: context.importFile as PickedSheet }),
        onDone: [
          {
            guard: { type: 'isEmptySheet', params: ({ event }) => ({ rows: event.output?.rows }) },
            target: 'idle',
            actions: [
              { type: 'notifyEmptySheet', params: ({ context }) => ({ file: context.importFile as PickedSheet }) },
              assign({ importFile: null }),
            ],
          },
          {
            target: 'importing',
            actions: assign({
              sheetRows: ({ event }) => event.output.rows,
              sheetLines: ({ event }) => event.output.lines ?? [],
              skippedLines: ({ event }) => event.output.skipped ?? [],
            }),
          },
        ],
        onError: {
          target: 'reported',
          actions: [
            assign({ sheetRows: [], sheetLines: [], lastImport: ({ context, event }) => importFailure(event.error, context.sheetLines) }),
            { type: 'notifyError', params: ({ event }) => ({ operation: 'import' as const, message: failureMessage(event.error) }) },
          ],
        },
      },
    },
    importing: {
      invoke: {
        id: 'importRows',
        src: 'importRows',
        input: ({ context }) => ({ rows: context.sheetRows }),
        onDone: [
          {
            guard: { type: 'isImportRefused', params: ({ event }) => ({ answer: event.output }) },
            target: 'reported',
            actions: [
              assign({ sheetRows: [], sheetLines: [], lastImport: ({ context, event }) => importReport(event.output, context.sheetLines) }),
              { type: 'notifyError', params: ({ event }) => ({ operation: 'import' as const, message: failureMessage(event.output) }) },
            ],
          },
          {
            target: 'reported',
            actions: [
              assign({ sheetRows: [], sheetLines: [], lastImport: ({ context, event }) => importReport(event.output, context.sheetLines) }),
              { type: 'notifySuccess', params: { operation: 'import' as const } },
              raise({ type: 'RELOAD' }),
            ],
          },
        ],
        onError: {
          target: 'reported',
          actions: [
            assign({ sheetRows: [], sheetLines: [], lastImport: ({ context, event }) => importFailure(event.error, context.sheetLines) }),
            { type: 'notifyError', params: ({ event }) => ({ operation: 'import' as const, message: failureMessage(event.error) }) },
          ],
        },
      },
    },
    reported: {
      on: { 'IMPORT.DISMISS': { target: 'idle', actions: assign({ importFile: null, lastImport: null, skippedLines: [] }) } },
    },
  },
});
