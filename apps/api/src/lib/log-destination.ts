import pino from 'pino';

let destination: pino.DestinationStream | undefined;

/**
 * Standard output, written synchronously: the one destination of the process's and the server's
 * log lines. pino's default writes asynchronously and, at exit, flushes what is pending in a loop
 * that sonic-boom 4 never leaves when the write fails for good (EPIPE: whatever read the logs, a
 * pipe or a supervisor's collector, has gone). A server told to stop then drained, closed its
 * database and hung in that loop, holding its port and its data directory's lock. Written
 * synchronously nothing is pending at exit, and a broken pipe silences the logs instead (pino's own
 * handling of EPIPE). It is what Node itself does for a pipe on Linux (process.stdout is
 * synchronous there); each line costs one write call.
 */
export function logDestination(): pino.DestinationStream {
  destination ??= pino.destination({ dest: 1, sync: true });
  return destination;
}
