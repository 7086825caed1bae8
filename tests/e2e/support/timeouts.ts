/**
 * How long the journeys wait for the stand-in on a busy machine. Its PGlite answers one query at a
 * time, and an admin journey's rebuild reads the whole catalogue through it, so a shopper's read
 * that lands during a rebuild can wait several seconds — far past the 5 s a check waits by default.
 */

/** A shopper's read (a listing's page, its facet counts) while a rebuild may be reading too. */
export const READ_TIMEOUT_MS = 20_000;

/** An admin's write and the answer it shows. */
export const WRITE_TIMEOUT_MS = 30_000;
