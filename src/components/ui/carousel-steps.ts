/** The carousel's numbers as plain functions (spec: carousel steps and the progress bar). */
const MIN_PROGRESS = 0.15;

/** Scroll step for a viewport width (spec: carousel steps). */
export function carouselStep(viewportWidth: number): number {
  if (viewportWidth < 640) return 200;
  if (viewportWidth < 768) return 250;
  return 300;
}

/** Progress bar width as a fraction (spec: 15% minimum). */
export function carouselProgress(scrollLeft: number, scrollWidth: number, clientWidth: number): number {
  const scrollable = scrollWidth - clientWidth;
  if (scrollable <= 0) return 1;
  return Math.max(MIN_PROGRESS, Math.min(1, (scrollLeft + clientWidth) / scrollWidth));
}
