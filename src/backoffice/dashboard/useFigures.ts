import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { AreaIndex } from '../../../machines/areas';
import { dashboardMachine, type LoadFiguresInput } from '../../../machines/dashboard.machine';
import { loadDashboard } from '../../api/dashboard';
import { getInspect } from '../../app/inspectHook';

/** The `dashboard` machine of one page, loading `/api/{Admin|Seller}/dashboard/<name>`. */
export function useFigures<T>(area: AreaIndex, name: string, refreshMs = 0) {
  const machine = useMemo(
    () => dashboardMachine.provide({ actors: { loadFigures: fromPromise<unknown, LoadFiguresInput>(({ input }) => loadDashboard<T>(area, name, input.query)) } }),
    [area, name],
  );
  const [state, send] = useMachine(machine, { input: { refreshMs }, inspect: getInspect() });
  return { state, send, data: state.context.data as T | null };
}

export type Figures = ReturnType<typeof useFigures>;
