/**
 * What a product card does in the browser: its custom elements (<product-media>, <like-button>),
 * which register themselves with `customElements`, and the placement of its Details popup. Islands
 * load this module in the browser only.
 */
import './product-media.ts';
import '../../likes/like-button.ts';
import './details-popup.ts';
