import { describe, expect, test } from 'vitest';
import { mailEnv } from './env.ts';

describe('mailEnv', () => {
  test('reads SMTP_URL, MAIL_FROM and the site URL, falling back to Netlify\'s URL', () => {
    expect(mailEnv({ SMTP_URL: 'smtp://u:p@smtp.example.com:587', MAIL_FROM: 'Gifts <alerts@example.com>', URL: 'https://gifts.example.com' }))
      .toEqual({ SMTP_URL: 'smtp://u:p@smtp.example.com:587', MAIL_FROM: 'Gifts <alerts@example.com>', SITE_URL: 'https://gifts.example.com' });
  });

  test('names every missing setting in one clear error', () => {
    expect(() => mailEnv({})).toThrow(
      /^Mail is not configured \(SMTP_URL missing; MAIL_FROM missing; SITE_URL missing: set SITE_URL \(Netlify sets URL itself\)\): set SMTP_URL and MAIL_FROM/,
    );
  });

  test('refuses an SMTP_URL that is not an smtp:// URL, saying what it should look like', () => {
    expect(() => mailEnv({ SMTP_URL: 'https://mail.example.com', MAIL_FROM: 'a@example.com', SITE_URL: 'https://x.example.com' }))
      .toThrow('SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@smtp.example.com:587');
  });

  test('a SITE_URL that is set but is not an address is called that, not missing', () => {
    expect(() => mailEnv({ SMTP_URL: 'smtp://u:p@smtp.example.com:587', MAIL_FROM: 'a@example.com', SITE_URL: 'gifts.example.com' }))
      .toThrow("SITE_URL must be the site's address, e.g. https://gifts.example.com");
  });
});
