// Entry of the embedded database's thread. Node 20 runs a worker's entry without the loader the
// server itself runs under (tsx), so it is registered here before the thread's own code loads.
import { register } from 'tsx/esm/api';

register();
await import('./thread.ts');
