/**
 * What every public page's shell does, loaded as one script (one request on a phone's network
 * instead of five): the shopper's session and likes, the phone menu, the desktop Categories menu,
 * the connection banner and the click tracking. The header's islands (search, account, toasts) load on intent, apart from this.
 */
// Follows sign-ins on every page, so the guest likes are merged wherever the shopper signs in.
import '../../features/likes/start-likes.ts';
import './mobile-menu.ts';
import './categories-menu.ts';
import '../../features/connection/connection-banner.ts';
import '../../features/tracking/listen.ts';
