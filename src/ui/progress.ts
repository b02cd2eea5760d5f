/** Progress flag driven by the route guard's startProgress / stopProgress actions. */
type Listener = () => void;
let active = false;
const listeners = new Set<Listener>();

export function setProgress(on: boolean) {
  if (active === on) return;
  active = on;
  for (const l of listeners) l();
}

export const startProgress = () => setProgress(true);
export const stopProgress = () => setProgress(false);
export const getProgress = () => active;
export function subscribeProgress(l: Listener) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}
