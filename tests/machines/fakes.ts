/** Fakes for machine tests: recorded actions and promise actors the test settles by hand. */
import { fromPromise } from 'xstate';

export interface ActionCall { type: string; params: unknown }

/** Action implementations that record each call (name and params) in `calls`, in order. */
export function recordActions<const N extends string>(names: readonly N[]) {
  const calls: ActionCall[] = [];
  const actions = Object.fromEntries(
    names.map((name) => [name, (_args: unknown, params: unknown) => void calls.push({ type: name, params })]),
  ) as Record<N, (args: unknown, params: any) => void>;
  return {
    calls,
    actions,
    types: () => calls.map((call) => call.type),
    paramsOf: (name: N) => calls.filter((call) => call.type === name).map((call) => call.params),
    clear: () => void calls.splice(0),
  };
}

export interface PendingCall<TInput, TOutput> {
  input: TInput;
  resolve: (value: TOutput) => void;
  reject: (reason: unknown) => void;
}

/** A promise actor whose calls stay pending until the test resolves or rejects them. */
export function manualActor<TOutput, TInput>() {
  const calls: PendingCall<TInput, TOutput>[] = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input }) => new Promise<TOutput>((resolve, reject) => void calls.push({ input, resolve, reject })),
  );
  return {
    logic,
    calls,
    last(): PendingCall<TInput, TOutput> {
      const call = calls[calls.length - 1];
      if (!call) throw new Error('the actor was never invoked');
      return call;
    },
  };
}

/** Let settled promises reach the actors (a few macrotask-free turns of the microtask queue). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}
