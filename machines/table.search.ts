import { assign } from 'xstate';
import { tableSetup } from './table.setup';

/** The `search` region: the search panel shown or hidden, and expanded past its first fields. */
export const searchRegion = tableSetup.createStateConfig({
  initial: 'hidden',
  states: {
    hidden: {
      on: {
        'SEARCH.TOGGLE': [
          { guard: 'hasNoSearchFields', actions: { type: 'notifyWaitSetting', params: {} } },
          { target: 'shown' },
        ],
      },
    },
    shown: {
      on: {
        'SEARCH.TOGGLE': { target: 'hidden' },
        'SEARCH.EXPAND': {
          guard: 'hasSearchToggle',
          actions: assign({ searchExpanded: ({ context }) => !context.searchExpanded }),
        },
      },
    },
  },
});
