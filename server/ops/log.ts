import { format } from 'node:util';
import pino, { type Logger } from 'pino';
import { currentRequestId } from './requestContext';

/**
 * The server's log (LOG_FORMAT=json, the default): one JSON object per line on stdout — `level`,
 * `time`, `reqId` (the request's X-Request-Id, when the line was written while serving one) and
 * `msg` — for a log collector to index. The modules write with console.log / warn / error as
 * before; `jsonConsole` routes those through pino, so every line of the process has one shape.
 */
export function createLogger(destination: pino.DestinationStream = pino.destination({ sync: true })): Logger {
  return pino(
    {
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // the request id on every line written while a request is served
      mixin: () => {
        const reqId = currentRequestId();
        return reqId ? { reqId } : {};
      },
    },
    destination,
  );
}

type ConsoleMethod = 'log' | 'info' | 'warn' | 'error' | 'debug';
const LEVELS: Record<ConsoleMethod, 'info' | 'warn' | 'error' | 'debug'> = { log: 'info', info: 'info', warn: 'warn', error: 'error', debug: 'debug' };

/**
 * console.* through `logger`: the message formatted as console would (util.format), an Error
 * argument also as `err` (type, message, stack). Returns a function that restores console.
 */
export function jsonConsole(logger: Logger): () => void {
  const saved = new Map<ConsoleMethod, (...args: unknown[]) => void>();
  for (const method of Object.keys(LEVELS) as ConsoleMethod[]) {
    saved.set(method, console[method]);
    const level = LEVELS[method];
    console[method] = (...args: unknown[]) => {
      const err = args.find((a): a is Error => a instanceof Error);
      const msg = format(...args.map((a) => (a instanceof Error ? a.message : a)));
      if (err) logger[level]({ err }, msg);
      else logger[level](msg);
    };
  }
  return () => {
    for (const [method, fn] of saved) console[method] = fn;
  };
}
