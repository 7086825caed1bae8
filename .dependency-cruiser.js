/**
 * Which module of src/ may import which. `npm run lint:imports` checks every import against these
 * rules (scripts/lint-imports.ts, which also reads .astro files), and `npm test` runs it first.
 *
 * Features are layered: a feature imports only features below it in LAYERS, so two features can
 * never import each other. Pages, layouts and the shell (src/pages, src/layouts,
 * src/components/shell) compose features and sit above them; src/lib and the UI kit
 * (src/components/ui) sit below every feature. The admin feature's rooms are layered the same way
 * among themselves.
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
  'catalog', // products and categories: model, queries, cards, listings, the build's catalogue
  'blog', // articles and writers; embeds products
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

/** The admin rooms (src/features/admin/<room>/) by level, lowest first. */
const ADMIN_ROOM_LEVELS = [
  ['platforms', 'categories'],
  ['products', 'blogs', 'quizzes', 'analytics'],
];

/** Imports between admin rooms of one level allowed all the same, as [importing room, imported room]. */
const ADMIN_ROOMS_BESIDE = [];

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

/** One rule per admin room: no room of its own level (unless allowed) or above. */
const adminRoomRules = ADMIN_ROOM_LEVELS.flatMap((level, index) =>
  level.map((room) => {
    const allowed = new Set(ADMIN_ROOMS_BESIDE.filter(([from]) => from === room).map(([, to]) => to));
    const forbidden = ADMIN_ROOM_LEVELS.slice(index)
      .flat()
      .filter((other) => other !== room && !allowed.has(other));
    return {
      name: `admin rooms: ${room}`,
      comment: `The admin room ${room} may import only rooms of a lower level in ADMIN_ROOM_LEVELS (.dependency-cruiser.js), or those ADMIN_ROOMS_BESIDE allows.`,
      severity: 'error',
      from: { path: `^src/features/admin/${room}/` },
      to: { path: `^src/features/admin/${either(forbidden)}/` },
    };
  }),
);

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
    ...adminRoomRules,
    {
      name: 'admin rooms: undeclared room',
      comment: 'Every folder in src/features/admin has a level in ADMIN_ROOM_LEVELS (.dependency-cruiser.js).',
      severity: 'error',
      from: {},
      to: { path: '^src/features/admin/[^/]+/', pathNot: `^src/features/admin/${either(ADMIN_ROOM_LEVELS.flat())}/` },
    },
  ],
  options: {
    // Type-only imports tie modules together as much as the others.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(?:node_modules|dist)/' },
  },
};
