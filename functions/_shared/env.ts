/** The functions' environment: secrets that exist only server-side, validated on first use. */
import { z } from 'zod';

const schema = z.object({
  SUPABASE_URL: z.url(),
  SUPABASE_SERVICE_ROLE_KEY: z.string().min(20),
  BUILD_HOOK_URL: z.url().optional(),
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
