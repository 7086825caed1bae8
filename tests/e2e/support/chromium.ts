/** Where Debian's Chromium is (Playwright's own browser download does not work offline). */
import { existsSync } from 'node:fs';

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

export function hasChromium(): boolean {
  return existsSync(chromiumPath());
}
