import { fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { storeApplicationMachine, type SubmitApplicationInput } from '../../../machines/storeApplication.machine';
import { STORE_VERIFY, type StoreRecord, type WizardStep } from '../../../machines/storeApplication';
import { joinStore, loadOwnStore, submitStore } from '../../api/storeApplication';
import { unwrap } from '../../app/sessionActors';

/** Side effects the page decides (where "go to a step" leads). */
export interface WizardHooks {
  goStep: (path: string) => void;
  goSellerCentre: (url: string) => void;
}

/** The onboarding machine bound to the shopper API (api: GET/POST/PUT /api/store). */
export function bindWizard(hooks: WizardHooks) {
  return storeApplicationMachine.provide({
    actors: {
      fetchStore: fromPromise<StoreRecord | null>(async () => unwrap(await loadOwnStore()) ?? null),
      join: fromPromise<StoreRecord>(async () => {
        const result = await joinStore();
        // 409: the application exists already (a second tab, a double click): carry on with it.
        if (result.kind === 'fail' && result.code === 409) {
          const existing = result.data as StoreRecord | null;
          return existing && typeof existing === 'object' ? existing : { store_verify: STORE_VERIFY.applying };
        }
        return unwrap(result) ?? { store_verify: STORE_VERIFY.applying };
      }),
      submit: fromPromise<unknown, SubmitApplicationInput>(async ({ input }) => unwrap(await submitStore(input))),
    },
    actions: {
      goStep: (_, { path }) => hooks.goStep(path),
      goSellerCentre: (_, { url }) => hooks.goSellerCentre(url),
    },
  });
}

export type WizardActor = ActorRefFrom<ReturnType<typeof bindWizard>>;
type WizardSnapshot = SnapshotFrom<ReturnType<typeof bindWizard>>;

/** The wizard page a state shows; null while loading (the machine picks the page itself). */
export function pageOf(snapshot: WizardSnapshot): WizardStep | null {
  if (snapshot.matches('landing')) return 'join';
  if (snapshot.matches('step1') || snapshot.matches('joining')) return 'step1';
  if (snapshot.matches('step2') || snapshot.matches('submitting')) return 'step2';
  if (snapshot.matches('step3')) return 'step3';
  return null;
}
