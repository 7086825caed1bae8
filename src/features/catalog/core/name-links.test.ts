import { describe, expect, it } from 'vitest';
import { canonicalNameLink, nameRuleSegments, type NameLinkTargets } from './name-links.ts';

const targets: NameLinkTargets = {
  productCategories: [
    { id: 'c1', name: 'Music Room' },
    { id: 'c2', name: 'Beauty, Skin & Hair' },
  ],
  blogCategories: [
    { id: 'b1', name: 'Home & Living' },
    { id: 'b2', name: 'Tech Savvy' },
  ],
};

describe('canonicalNameLink: an older link that names a category goes to its page', () => {
  it('sends /category/{name} to the category page, keeping a ?gender for him or her', () => {
    expect(canonicalNameLink('/category/Music%20Room', '', targets)).toBe('/category/c1/music-room');
    expect(canonicalNameLink('/category/Beauty%2C%20Skin%20%26%20Hair', '?gender=for_her', targets)).toBe(
      '/category/c2/beauty-skin-and-hair?gender=for_her',
    );
    expect(canonicalNameLink('/category/Music%20Room/', '?gender=nobody', targets)).toBe('/category/c1/music-room');
  });

  it('sends /blog/categories/{name}[/{gender}] to the listing by id, with the audience of the link (for_both when unknown)', () => {
    expect(canonicalNameLink('/blog/categories/Tech%20Savvy', '', targets)).toBe('/blog/categories/b2');
    expect(canonicalNameLink('/blog/categories/Home%20%26%20Living/for_him', '', targets)).toBe('/blog/categories/b1/for_him');
    expect(canonicalNameLink('/blog/categories/Tech%20Savvy/for_nobody', '', targets)).toBe('/blog/categories/b2');
    expect(canonicalNameLink('/blog/categories/b2/for_nobody', '', targets)).toBe('/blog/categories/b2');
  });

  it('matches the name in any letter case and by its slug', () => {
    expect(canonicalNameLink('/blog/categories/tech%20savvy', '', targets)).toBe('/blog/categories/b2');
    expect(canonicalNameLink('/blog/categories/home-and-living/for_both', '', targets)).toBe('/blog/categories/b1/for_both');
  });

  it('keeps product and blog categories apart', () => {
    expect(canonicalNameLink('/category/Tech%20Savvy', '', targets)).toBeNull();
    expect(canonicalNameLink('/blog/categories/Music%20Room', '', targets)).toBeNull();
  });

  it('leaves unknown names, broken escapes and other paths alone', () => {
    expect(canonicalNameLink('/category/Garden%20Shed', '', targets)).toBeNull();
    expect(canonicalNameLink('/category/%E0%A4%A', '', targets)).toBeNull();
    expect(canonicalNameLink('/category/%20', '', targets)).toBeNull();
    expect(canonicalNameLink('/products/Music%20Room', '', targets)).toBeNull();
    expect(canonicalNameLink('/category/c1/music-room/extra', '', targets)).toBeNull();
  });
});

describe('nameRuleSegments: the name forms _redirects can hold', () => {
  it('is the slug, and the name itself only when it has no whitespace or #', () => {
    expect(nameRuleSegments({ id: 'c3', name: 'C#Coders' })).toEqual(['c-coders']);
    expect(nameRuleSegments({ id: 'c1', name: 'Home & Living' })).toEqual(['home-and-living']);
    expect(nameRuleSegments({ id: 'c2', name: 'Gamer' })).toEqual(['gamer', 'Gamer']);
    expect(nameRuleSegments({ id: 'gamer', name: 'gamer' })).toEqual([]);
  });
});
