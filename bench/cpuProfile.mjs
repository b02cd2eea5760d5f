// Preloaded into the server by the bench when BENCH_SERVER_PROFILE is set (`--import`; NODE_OPTIONS
// refuses --cpu-prof): a V8 CPU profile of the whole run, written when the process exits.
import { Session } from 'node:inspector';
import { mkdirSync, writeFileSync } from 'node:fs';

const dir = process.env.SOUK_CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  process.on('exit', () => {
    // the in-process inspector answers synchronously
    session.post('Profiler.stop', (err, result) => {
      if (err) return;
      mkdirSync(dir, { recursive: true });
      writeFileSync(`${dir}/server-${process.pid}.cpuprofile`, JSON.stringify(result.profile));
    });
  });
}
