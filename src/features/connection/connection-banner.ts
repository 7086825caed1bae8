/** The connection banner: shown while the health check fails, with a Retry that checks again at once. */
import { checkConnection, HEALTH_CHECK_EVERY_MS } from './health.ts';

class ConnectionBanner extends HTMLElement {
  #timer: ReturnType<typeof setInterval> | undefined;

  connectedCallback() {
    const banner = this.querySelector<HTMLElement>('[role="alert"]')!;
    const retry = this.querySelector<HTMLButtonElement>('[data-retry]')!;
    // A check may wait up to its timeout, so Retry and the timer can overlap: only the latest one speaks.
    let latest = 0;
    const check = async () => {
      const mine = ++latest;
      const healthy = await checkConnection();
      if (mine !== latest) return;
      if (!healthy) console.warn('Connection health check failed; the shop continues with what it has.');
      banner.hidden = healthy;
    };
    retry.addEventListener('click', async () => {
      retry.disabled = true;
      await check();
      retry.disabled = false;
    });
    void check();
    this.#timer = setInterval(check, HEALTH_CHECK_EVERY_MS);
  }

  disconnectedCallback() {
    clearInterval(this.#timer);
  }
}
customElements.define('connection-banner', ConnectionBanner);
