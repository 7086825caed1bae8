/** The local mail outbox, as the journeys read it: the newest mail's link to an address. */
import { expect, type Page } from '@playwright/test';
import { supabaseUrl } from './admin-api.ts';

/** The action link of the newest mail to `email`, waiting up to 10 s for it to arrive. */
export async function confirmationLink(page: Page, email: string): Promise<string> {
  let link = '';
  await expect(async () => {
    const response = await page.request.get(`${supabaseUrl()}/outbox/api/messages?to=${encodeURIComponent(email)}`);
    const messages = (await response.json()) as { action_link?: string }[];
    link = messages[0]?.action_link ?? '';
    expect(link).not.toBe('');
  }).toPass({ timeout: 10_000 });
  return link;
}
