/** The connection banner: shown while the health check fails, with a Retry that checks again at once. */
import { checkConnection, HEALTH_CHECK_EVERY_MS } from './health.ts';

class ConnectionBanner extends HTMLElement {
  #timer: ReturnType<typeof setInterval> | undefined;

  connectedCallback() {
    const banner = this.querySelector<HTMLElement>('[role="alert"]')!;
    const retry = this.querySelector<HTMLButtonElement>('[data-retry]')!;
    const check = async () => {
      const healthy = await checkConnection();
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
