/**
 * Starts waiting work one piece per turn of the event loop, first come first served.
 *
 * libuv accepts one new connection per turn of the loop. A busy process that renders every request
 * it has read in the same turn makes that turn as long as all of them together, so a newly
 * arrived visitor's connection waits in the kernel's accept queue for as many long turns as there
 * are connections before it: seconds, under load. Starting one render per turn keeps each turn
 * about one render long, so new connections are taken within milliseconds, and requests still
 * start in the order they arrived (docs/decisions/032-one-render-per-loop-turn.md).
 */
export function createLoopTurns(): () => Promise<void> {
  const waiting: Array<() => void> = [];
  let scheduled = false;
  const startNext = () => {
    scheduled = false;
    waiting.shift()?.();
    // Scheduled from inside this check phase, the next start comes after the next poll phase:
    // what this one started runs first, in this turn's microtasks.
    if (waiting.length > 0) schedule();
  };
  const schedule = () => {
    scheduled = true;
    setImmediate(startNext);
  };
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (!scheduled) schedule();
    });
}
