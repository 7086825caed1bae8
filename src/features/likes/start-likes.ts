/**
 * Loaded by the header on every page, so a sign-in anywhere (the header's dialog, the return to
 * /auth/callback) merges the guest likes at once, even on pages without hearts.
 */
import { loadLikes } from './store.ts';

loadLikes();
