/**
 * The sandbox answers on one thread, and a heavy field (a trip's path: hundreds of buckets worked out from the drive
 * model) keeps it busy. Heavy fields run here one at a time, each after a pass of the event loop, so that between two
 * of them the server reads the requests that arrived meanwhile: the rate limiter then counts each request when it
 * came, as DIMO's ingress in front of its services does, rather than in a bunch after a query of ten paths, and a
 * small query is not held up behind a large one.
 */
let queue: Promise<unknown> = Promise.resolve();

// An immediate scheduled from the one running now fires on the loop's next pass, after the I/O poll.
const nextPass = () => new Promise<void>((resolve) => setImmediate(resolve));

export function inTurn<T>(work: () => T): Promise<T> {
  const run = queue.then(nextPass).then(work);
  queue = run.catch(() => undefined);
  return run;
}
