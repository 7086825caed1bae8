/**
 * Loaded by the header on every page: starts the shopper's authentication from the stored session
 * (the account control loads React only when reached for), so the hearts show the shopper's likes
 * at once, and a sign-in anywhere (the header's dialog, the return to /auth/callback) merges the
 * guest likes, even on pages without hearts.
 */
import { startAuth } from '../account/store.ts';
import { loadLikes } from './store.ts';

startAuth();
loadLikes();
