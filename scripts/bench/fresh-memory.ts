/**
 * What this host charges for memory touched for the first time. A browser that opens a page takes
 * fresh memory for every element's style, layout and paint, and the kernel maps each 4 KB page of it
 * on first touch. On bare metal that costs a fraction of a microsecond a page; some virtual machines
 * take tens of microseconds, and the browser's main thread waits for it inside the page's first
 * layout, which Lighthouse then counts four times over as a phone's. bench:pages prints the figure
 * beside the load average so a run's host can be judged.
 */

const PAGE_BYTES = 4096;

/** Microseconds per 4 KB page to touch `megabytes` of memory freshly mapped (the median of `samples`). */
export function freshMemoryMicrosPerPage(megabytes = 64, samples = 3): number {
  const bytes = megabytes * 1024 * 1024;
  const timings: number[] = [];
  for (let sample = 0; sample < samples; sample++) {
    const started = process.hrtime.bigint();
    // Large and unpooled, so the allocator maps new pages for it rather than reusing warm ones.
    const block = Buffer.allocUnsafeSlow(bytes);
    for (let offset = 0; offset < bytes; offset += PAGE_BYTES) block[offset] = 1;
    timings.push(Number(process.hrtime.bigint() - started) / 1000 / (bytes / PAGE_BYTES));
  }
  timings.sort((a, b) => a - b);
  return Math.round(timings[Math.floor(samples / 2)]! * 100) / 100;
}
