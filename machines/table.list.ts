import { assign } from 'xstate';
import { buildQuery, failureMessage, isSearching, keepSelection, pageCount, readPage } from './table';
import { tableSetup, type TableContext } from './table.setup';

/**
 * The `list` region: the rows of one page, loaded on start and again on a page, a page size, a
 * search submitted or reset (both back to page 1), or RELOAD (raised after every change).
 */

/**
 * A failed list shows its failure, not the rows of an earlier query as if they answered this one
 * (a search the server refused left the previous rows on screen): the rows, their counters and
 * the selection among them are cleared with the message.
 */
const listFailed = (context: TableContext, message: string): Partial<TableContext> => ({
  rows: [],
  total: 0,
  count: null,
  selection: [],
  errors: { ...context.errors, list: message },
});

export const listRegion = tableSetup.createStateConfig({
  initial: 'loading',
  on: {
    'PAGE.SET': {
      guard: { type: 'isValidPage', params: ({ event }) => ({ page: event.page }) },
      target: '.loading',
      actions: assign({ page: ({ event }) => event.page }),
    },
    'PAGE.SIZE': {
      guard: { type: 'isPageSize', params: ({ event }) => ({ perPage: event.perPage }) },
      target: '.loading',
      actions: assign({ perPage: ({ event }) => event.perPage, page: 1 }),
    },
    RELOAD: { target: '.loading' },
    'SEARCH.SUBMIT': {
      target: '.loading',
      actions: assign({
        searchValues: ({ event }) => ({ ...event.values }),
        query: ({ context, event }) => buildQuery(event.values, context.searchFields),
        page: 1,
      }),
    },
    'SEARCH.RESET': {
      target: '.loading',
      actions: assign({ searchValues: {}, query: {}, page: 1 }),
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({
          page: context.page,
          perPage: context.perPage,
          query: { ...context.params, ...context.query },
          lazy: context.lazy && !isSearching(context.query),
        }),
        onDone: [
          // The SPA's index page served for an API path: ignored (spec §8).
          { guard: { type: 'isHtmlAnswer', params: ({ event }) => ({ answer: event.output }) }, target: 'ready' },
          {
            guard: { type: 'isUnreadableAnswer', params: ({ event }) => ({ answer: event.output }) },
            target: 'failed',
            actions: [
              assign(({ context, event }) => listFailed(context, failureMessage(event.output))),
              { type: 'notifyError', params: ({ event }) => ({ operation: 'list' as const, message: failureMessage(event.output) }) },
            ],
          },
          {
            guard: { type: 'isPastLastPage', params: ({ event }) => ({ answer: event.output }) },
            target: 'loading',
            reenter: true,
            actions: assign({ page: ({ context, event }) => pageCount(readPage(event.output)!.total, context.perPage) }),
          },
          {
            target: 'ready',
            actions: assign(({ context, event }) => {
              const page = readPage(event.output)!;
              return {
                rows: page.rows,
                total: page.total,
                count: page.count,
                // the query is the one asked with: a new search re-enters loading
                treeRows: context.lazy && !isSearching(context.query),
                selection: keepSelection(context.selection, page.rows, context.idKey),
                errors: { ...context.errors, list: null },
              };
            }),
          },
        ],
        onError: {
          target: 'failed',
          actions: [
            assign(({ context, event }) => listFailed(context, failureMessage(event.error))),
            { type: 'notifyError', params: ({ event }) => ({ operation: 'list' as const, message: failureMessage(event.error) }) },
          ],
        },
      },
    },
    ready: {},
    failed: {},
  },
});
