/** Where supabase-js keeps the shopper's session in the browser; read early by features/account/session.ts. */
export const AUTH_STORAGE_KEY = 'giftshop-auth';
