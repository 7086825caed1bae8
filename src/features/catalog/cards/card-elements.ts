/**
 * The custom elements inside a product card (<product-media>, <like-button>). They register
 * themselves with `customElements`, so islands load this module in the browser only.
 */
import './product-media.ts';
import '../../likes/like-button.ts';
