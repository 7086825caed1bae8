/**
 * The environment variable that names a build's folder when the local builder has started it with
 * hard links to the previous build's pages (scripts/lib/carried-pages.ts; src/middleware.ts).
 */
export const LINKED_BUILD_ENV = 'GIFTSHOP_LINKED_BUILD';
