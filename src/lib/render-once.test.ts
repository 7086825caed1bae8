import { describe, expect, test } from 'vitest';
import { cutAtIdSlots, fillIdSlots, ID_SLOT, renderOnce } from './render-once.ts';

describe('renderOnce', () => {
  test('renders once for the same data and name, and again for other data or another name', async () => {
    const catalogue = { name: 'this build' };
    let renders = 0;
    const render = async () => `<ul>${(renders += 1)}</ul>`;
    expect(await renderOnce(catalogue, 'menu', render)).toBe('<ul>1</ul>');
    expect(await renderOnce(catalogue, 'menu', render)).toBe('<ul>1</ul>');
    expect(await renderOnce(catalogue, 'mobile menu', render)).toBe('<ul>2</ul>');
    expect(await renderOnce({ name: 'a reloaded catalogue' }, 'menu', render)).toBe('<ul>3</ul>');
  });

  test('pages asking at the same time share the one render', async () => {
    const product = {};
    let renders = 0;
    const render = () => new Promise<string>((resolve) => setTimeout(() => resolve(`card ${(renders += 1)}`), 5));
    expect(await Promise.all([renderOnce(product, 'card', render), renderOnce(product, 'card', render)])).toEqual(['card 1', 'card 1']);
  });
});

describe('id slots', () => {
  test('every use of repeated markup gets one fresh id in all of its slots', () => {
    const parts = cutAtIdSlots(`<button aria-describedby="${ID_SLOT}">Details</button><div id="${ID_SLOT}">…</div>`);
    let serial = 0;
    const freshId = () => `details-${(serial += 1)}`;
    expect(fillIdSlots(parts, freshId)).toBe('<button aria-describedby="details-1">Details</button><div id="details-1">…</div>');
    expect(fillIdSlots(parts, freshId)).toBe('<button aria-describedby="details-2">Details</button><div id="details-2">…</div>');
  });

  test('markup without a slot is repeated as it is, and takes no id', () => {
    let taken = 0;
    expect(fillIdSlots(cutAtIdSlots('<p>static</p>'), () => `id-${(taken += 1)}`)).toBe('<p>static</p>');
    expect(taken).toBe(0);
  });
});
