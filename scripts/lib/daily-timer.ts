/**
 * The local stand-in for a Netlify scheduled function: runs a job once a day at the time its
 * schedule names, for as long as the shop runs (`npm start`).
 */

/** A timer that runs its job each time `msUntilNext` says, until stopped; it never keeps the process alive. */
export function everyDay(msUntilNext: (now: Date) => number, job: () => void): { stop(): void } {
  let timer: NodeJS.Timeout;
  const schedule = () => {
    timer = setTimeout(() => {
      job();
      schedule();
    }, msUntilNext(new Date())).unref();
  };
  schedule();
  return { stop: () => clearTimeout(timer) };
}
