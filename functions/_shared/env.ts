/** The functions' environment: secrets that exist only server-side, validated on first use. */
import { z } from 'zod';

const schema = z.object({
  SUPABASE_URL: z.url(),
  SUPABASE_SERVICE_ROLE_KEY: z.string().min(20),
  BUILD_HOOK_URL: z.url().optional(),
  // The public key, for reads made as a visitor would make them (functions/shared-list-page.ts).
  PUBLIC_SUPABASE_ANON_KEY: z.string().min(20).optional(),
});

export type FunctionsEnv = z.infer<typeof schema>;

let cached: FunctionsEnv | undefined;

export function functionsEnv(): FunctionsEnv {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((i) => i.path.join('.')).join(', ');
    throw new Error(`Functions environment is incomplete (${names}): set them in Netlify's site settings.`);
  }
  cached = parsed.data;
  return cached;
}

const mailSchema = z.object({
  SMTP_URL: z
    .string({ error: 'missing' })
    .regex(/^smtps?:\/\/[^\s]+$/, { error: 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@smtp.example.com:587' }),
  MAIL_FROM: z.string({ error: 'missing' }).regex(/^[^\r\n]*@[^\r\n]+$/, {
    error: 'must be a sender address, e.g. "Gift Shop <alerts@example.com>"',
  }),
  // Where links in mails point: SITE_URL, else the site's main URL that Netlify sets as URL.
  SITE_URL: z.url({
    error: (issue) => (issue.input === undefined
      ? 'missing: set SITE_URL (Netlify sets URL itself)'
      : 'must be the site\'s address, e.g. https://gifts.example.com'),
  }),
});

export type MailEnv = z.infer<typeof mailSchema>;

/**
 * The mail settings, read when mail is about to go out (the alert run), not at every function's
 * start: a shop without SMTP configured still serves everything else.
 */
export function mailEnv(env: NodeJS.ProcessEnv = process.env): MailEnv {
  const parsed = mailSchema.safeParse({ ...env, SITE_URL: env.SITE_URL ?? env.URL });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ');
    throw new Error(`Mail is not configured (${problems}): set SMTP_URL and MAIL_FROM in Netlify's site settings.`);
  }
  return parsed.data;
}
