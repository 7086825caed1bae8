/**
 * Which module of src/ may import which. `npm run lint:imports` checks every import against these
 * rules (scripts/lint-imports.ts, which also reads .astro files), and `npm test` runs it first.
 *
 * Features are layered: a feature imports only features below it in LAYERS, so two features can
 * never import each other. Pages, layouts and the shell (src/pages, src/layouts,
 * src/components/shell) compose features and sit above them; src/lib and the UI kit
 * (src/components/ui) sit below every feature. A large feature is split into rooms
 * (src/features/<feature>/<room>/), and its rooms are layered the same way among themselves (ROOMS).
 *
 * @type {import('dependency-cruiser').IConfiguration}
 */

/**
 * The features, lowest first. A new folder in src/features must be added here, at the place its
 * imports put it.
 */
const LAYERS = [
  'account', // the session and the sign-in
  'seo', // titles, descriptions, structured data, robots and sitemap rules
  'tracking', // click tracking
  'connection', // the connection banner
  'likes', // the like heart and the likes store
  'prices', // price history and the price badges: the rules and the product page's chart
  'catalog', // products and categories: model, queries, the build's catalogue, cards, shelves, listings
  'blog', // articles and writers (embeds products): the article page, cards, listings, the landing page
  'category', // the category page: catalogue and blog lists of a category
  'product', // the product page
  'audience', // the audience landing pages
  'home', // the home page's hero
  'quiz', // the gift quiz
  'search', // search box, suggestions and the search page
  'wishlist', // the wishlist page
  'info', // FAQ, contact, terms and privacy pages
  'admin', // the admin area
];

/**
 * The rooms of the features that have them, by level, lowest first: a room imports only rooms of a
 * lower level of its feature. A new folder in such a feature must be added here, at the level its
 * imports put it. (Files directly in a feature's folder, as admin's app shell, are outside this order.)
 */
const ROOMS = {
  catalog: [
    ['core'], // the model, queries, the build's catalogue, prices, paging, popular lists, redirects
    ['cards'], // the product card: what it shows (new badge, swatches) and its pictures
    [
      'shelves', // rows of products and categories: grids, carousels, strips, chips, top clicked, category sections
      'listings', // the /products listing, and the filter links, results and paging every listing shares
    ],
  ],
  blog: [
    [
      'core', // the model, queries, the build's library, writers, dates, the RSS feed
      'text', // an article's markdown: blocks, product embeds, read time, descriptions
    ],
    [
      'cards', // the blog card and a section of them
      'article', // the article page: its body, embeds and recommendations
    ],
    [
      'listings', // the /blogs listing and the category listing pages, their paging and redirects
      'landing', // the blog landing page: featured carousel, top, newest and category sections, writers
    ],
  ],
  admin: [
    ['platforms', 'categories'],
    ['products', 'blogs', 'quizzes', 'analytics', 'prices'],
  ],
};

/** Imports between rooms of one level allowed all the same, as ['feature/importing room', 'feature/imported room']. */
const ROOMS_BESIDE = [];

const either = (names) => `(?:${names.join('|')})`;

/** One rule per feature: nothing above it in LAYERS. */
const layerRules = LAYERS.slice(0, -1).map((feature, index) => {
  const above = LAYERS.slice(index + 1);
  return {
    name: `layers: ${feature}`,
    comment: `${feature} is below ${above.join(', ')} in LAYERS (.dependency-cruiser.js): it may import none of them. Move what both need down, or the importing piece up.`,
    severity: 'error',
    from: { path: `^src/features/${feature}/` },
    to: { path: `^src/features/${either(above)}/` },
  };
});

/** One rule per room: no room of its feature at its own level (unless ROOMS_BESIDE allows) or above. */
const roomRules = Object.entries(ROOMS).flatMap(([feature, levels]) =>
  levels.flatMap((level, index) =>
    level.flatMap((room) => {
      const allowed = new Set(ROOMS_BESIDE.filter(([from]) => from === `${feature}/${room}`).map(([, to]) => to));
      const forbidden = levels
        .slice(index)
        .flat()
        .filter((other) => other !== room && !allowed.has(`${feature}/${other}`));
      if (forbidden.length === 0) return [];
      return {
        name: `rooms: ${feature}/${room}`,
        comment: `The room ${feature}/${room} may import only rooms of ${feature} at a lower level in ROOMS (.dependency-cruiser.js), or those ROOMS_BESIDE allows. Move what both need down, or the importing piece up.`,
        severity: 'error',
        from: { path: `^src/features/${feature}/${room}/` },
        to: { path: `^src/features/${feature}/${either(forbidden)}/` },
      };
    }),
  ),
);

/** Per feature with rooms: a folder in it must have a level in ROOMS, whether it imports or is imported. */
const undeclaredRoomRules = Object.entries(ROOMS).flatMap(([feature, levels]) => {
  const undeclared = { path: `^src/features/${feature}/[^/]+/`, pathNot: `^src/features/${feature}/${either(levels.flat())}/` };
  const rule = { name: `rooms: undeclared room of ${feature}`, comment: `Every folder in src/features/${feature} has a level in ROOMS (.dependency-cruiser.js).`, severity: 'error' };
  return [
    { ...rule, from: undeclared, to: {} },
    { ...rule, from: {}, to: undeclared },
  ];
});

const undeclared = { path: '^src/features/[^/]+/', pathNot: `^src/features/${either(LAYERS)}/` };

export default {
  forbidden: [
    ...layerRules,
    {
      name: 'layers: undeclared feature',
      comment: 'Every folder in src/features has a place in LAYERS (.dependency-cruiser.js).',
      severity: 'error',
      from: undeclared,
      to: {},
    },
    {
      name: 'layers: import of an undeclared feature',
      comment: 'Every folder in src/features has a place in LAYERS (.dependency-cruiser.js).',
      severity: 'error',
      from: {},
      to: undeclared,
    },
    {
      name: 'lib and ui below features',
      comment: 'src/lib and src/components/ui serve every feature and import none: move the piece into the feature, or what it needs down.',
      severity: 'error',
      from: { path: '^src/(?:lib|components/ui)/' },
      to: { path: '^src/features/' },
    },
    {
      name: 'the header search box without schemas',
      comment: "The header's search box loads on every page at the shopper's first tap: the catalogue's zod schemas (23 KB gzipped) are no part of it (search/suggestions.ts).",
      severity: 'error',
      from: { path: '^src/features/search/SearchBox\\.tsx$' },
      to: { path: 'zod', reachable: true },
    },
    ...roomRules,
    ...undeclaredRoomRules,
  ],
  options: {
    // Type-only imports tie modules together as much as the others.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(?:node_modules|dist)/' },
  },
};
