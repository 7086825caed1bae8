/**
 * The twenty gift personalities of the quiz, as shop categories: their names, colours, audiences,
 * subcategories, and the phrases the product and blog generators draw on.
 */
export type Gender = 'for_him' | 'for_her' | 'for_both';

export const PERSONALITY_KEYS = [
  'dontNeedAnything', 'buildersFixers', 'personalFitness', 'musicRoom', 'newParents',
  'techSavvy', 'craftsPottery', 'culinaryCrew', 'natureUnleashed', 'gameMode',
  'drinkLab', 'artistDesigners', 'togetherWherever', 'lightsCameraAction', 'workaholic',
  'sportsCentral', 'storytellerCorner', 'worldExplorer', 'animeFans', 'beautySkinHair',
] as const;
export type PersonalityKey = (typeof PERSONALITY_KEYS)[number];

export interface Personality {
  name: string;
  description: string;
  /** One line for cards, at most 240 characters. */
  short: string;
  color: string;
  gender: Gender;
  /** Banner categories get wide images and lead the home page's category sections. */
  banner: boolean;
  /** How blogs refer to one such person and to several: 'a home cook', 'home cooks'. */
  person: string;
  people: string;
  /** A few sentences on what such people value in a gift, for blog articles. */
  insight: string;
  tips: string[];
  taglines: string[];
  /** Sentences that fit any product of the category, for product descriptions. */
  details: string[];
  /** Categories a product of this one may also belong to. */
  related: PersonalityKey[];
  subcategories: { name: string; description: string }[];
}

export const PERSONALITIES: Record<PersonalityKey, Personality> = {
  dontNeedAnything: {
    name: 'Has Everything',
    description:
      'For the person who insists they need nothing: small luxuries, treats that get used up and experiences that never clutter a shelf.',
    short: 'Small luxuries, consumable treats and experiences for the person who says they need nothing.',
    color: '#E0B99A',
    gender: 'for_both',
    banner: false,
    person: 'someone who has everything',
    people: 'people who have everything',
    insight:
      'When someone already owns what they need, the best gift is an upgrade to something they use every day or a thing that disappears once enjoyed. Think better versions of the ordinary: a softer robe, a richer chocolate, an evening out they would never book for themselves.',
    tips: [
      'Upgrade an everyday object rather than adding a new one to the cupboard.',
      'Consumables such as tea, chocolate or bath salts leave no clutter behind.',
      'An experience for two doubles as time spent together.',
      'Choose quality over quantity: one beautiful thing beats a bundle of small ones.',
      'If in doubt, pick something soft, warm or delicious.',
    ],
    taglines: [
      'A little luxury they would never buy themselves',
      'Made to be enjoyed, not stored',
      'The upgrade they did not know they wanted',
      'Pure indulgence, no clutter',
      'For slow mornings and long evenings',
    ],
    details: [
      'It is the kind of treat people rarely buy for themselves.',
      'Nothing to assemble and nothing to store, just something to enjoy.',
      'Thoughtful without being fussy, it suits just about anyone.',
    ],
    related: ['togetherWherever', 'beautySkinHair'],
    subcategories: [
      { name: 'Small Luxuries', description: 'Everyday things made noticeably nicer.' },
      { name: 'Consumable Treats', description: 'Gifts that get used up rather than stored away.' },
      { name: 'Experience Gifts', description: 'An evening, a class or a weekend, boxed up and ready to give.' },
      { name: 'Cozy Comforts', description: 'Soft, warm things made for slow mornings.' },
    ],
  },
  buildersFixers: {
    name: 'Builders & Fixers',
    description:
      'Tools and workshop upgrades for the person who fixes the wobbly shelf before anyone asks and has a project on the go every weekend.',
    short: 'Hand tools, power tools and workshop upgrades for people who would rather fix it themselves.',
    color: '#F2A65A',
    gender: 'for_him',
    banner: true,
    person: 'a weekend builder',
    people: 'builders and fixers',
    insight:
      'People who build and repair things care about tools that feel solid, stay accurate and live somewhere sensible. They will happily replace a cheap tool with a good one, and anything that makes the workshop tidier earns its place immediately.',
    tips: [
      'Check which battery platform they already use before buying a cordless tool.',
      'Precision tools such as squares and measures are always welcome upgrades.',
      'Storage is an underrated gift: a tidy bench makes every project faster.',
      'Look for lifetime warranties on hand tools.',
      'Safety gear they will actually wear is a gift that keeps on giving.',
    ],
    taglines: [
      'Built for the weekend project',
      'Measure twice, gift once',
      'A workshop essential',
      'Tough enough for daily use',
      'For the fixer in the family',
    ],
    details: [
      'Made from hardened materials that shrug off knocks and years of use.',
      'It earns a permanent spot on the workbench within a week.',
      'Built to the standard tradespeople expect, at a price that makes sense for home use.',
    ],
    related: ['workaholic', 'natureUnleashed'],
    subcategories: [
      { name: 'Hand Tools', description: 'Screwdrivers, saws and the classics every bench needs.' },
      { name: 'Power Tools', description: 'Cordless drills and multi-tools for bigger jobs.' },
      { name: 'Workshop Storage', description: 'Chests, pegboards and rolls that keep tools in order.' },
      { name: 'Measuring & Layout', description: 'Squares, lasers and finders for accurate work.' },
      { name: 'Lighting & Safety', description: 'Head torches, ear protection and other sensible kit.' },
    ],
  },
  personalFitness: {
    name: 'Personal Fitness',
    description:
      'Training, recovery and wellness gear for people who never miss a session and the ones trying to build the habit.',
    short: 'Strength, recovery and fitness tech for people who take their training seriously.',
    color: '#6FBF73',
    gender: 'for_both',
    banner: false,
    person: 'a fitness fan',
    people: 'fitness fans',
    insight:
      'Fitness people already own the basics, so the best gifts make training easier to fit in or recovery more pleasant. Compact equipment for home, a tracker that nudges them along or a tool that eases sore muscles will get used long after the new-year enthusiasm fades.',
    tips: [
      'Compact, adjustable equipment suits small flats and busy schedules.',
      'Recovery tools are the gifts serious athletes rarely buy themselves.',
      'Check whether they train at home or in the gym before choosing.',
      'Wearables work best when they match the phone they already use.',
      'Anything that makes a workout quicker to start will get used more.',
    ],
    taglines: [
      'Train smarter, recover faster',
      'For every rep and every rest day',
      'Home gym approved',
      'Small kit, big results',
      'Built to keep up',
    ],
    details: [
      'Sweat-resistant and easy to wipe down after a session.',
      'Compact enough for a small flat yet sturdy enough for daily workouts.',
      'A smart way to keep motivation up between gym visits.',
    ],
    related: ['sportsCentral', 'natureUnleashed'],
    subcategories: [
      { name: 'Strength Training', description: 'Weights, bands and rowers for a home gym.' },
      { name: 'Recovery', description: 'Massage guns, rollers and rest-day helpers.' },
      { name: 'Yoga & Mobility', description: 'Mats, blocks and straps for stretching and flow.' },
      { name: 'Fitness Tech', description: 'Trackers and smart kit that count the reps for you.' },
      { name: 'Nutrition & Hydration', description: 'Shakers and bottles for the post-workout routine.' },
    ],
  },
  musicRoom: {
    name: 'Music Room',
    description:
      'Turntables, headphones, instruments and studio gear for music lovers, whether they play, produce or simply listen closely.',
    short: 'Turntables, headphones, instruments and studio gear for people who live with the music on.',
    color: '#8E7CC3',
    gender: 'for_both',
    banner: true,
    person: 'a music lover',
    people: 'music lovers',
    insight:
      'Music lovers notice sound quality, and they are loyal to the way they listen, whether that is vinyl on a Sunday or headphones on the commute. The best gifts respect that ritual: better playback, a way to make music themselves, or something to keep a collection in good shape.',
    tips: [
      'Find out whether they stream, spin records or play an instrument first.',
      'Good headphones matter more than almost any other upgrade.',
      'Accessories for a record collection are easy wins for vinyl fans.',
      'Beginner instruments should still be properly set up and in tune.',
      'Studio gear should work with the computer they already own.',
    ],
    taglines: [
      'Turn it up',
      'For the soundtrack of every day',
      'Hear every note',
      'Made for music lovers',
      'Press play on something better',
    ],
    details: [
      'A thoughtful upgrade for anyone who takes their listening seriously.',
      'It looks as good on a shelf as it sounds in the room.',
      'Simple to set up, so the music starts within minutes.',
    ],
    related: ['techSavvy', 'lightsCameraAction'],
    subcategories: [
      { name: 'Listening', description: 'Headphones, speakers and amplifiers.' },
      { name: 'Instruments', description: 'Keys, strings and pedals for players of every level.' },
      { name: 'Home Studio', description: 'Microphones and controllers for recording at home.' },
      { name: 'Vinyl Culture', description: 'Turntables, storage and care for record collections.' },
    ],
  },
  newParents: {
    name: 'New Parents',
    description:
      'Practical help and a little pampering for the people navigating sleepless nights, endless feeds and the first year of parenthood.',
    short: 'Sleep helpers, feeding gear, keepsakes and a little self-care for brand-new parents.',
    color: '#F4B6C2',
    gender: 'for_both',
    banner: false,
    person: 'a new parent',
    people: 'new parents',
    insight:
      'New parents are short on sleep, time and free hands. The gifts they remember are the ones that solve a real problem at three in the morning or give them ten minutes back for themselves. Keepsakes matter too, as long as they are easy to fill in.',
    tips: [
      'Practical beats cute: think about what helps during night feeds.',
      'Something just for the parent is often more welcome than another toy.',
      'Check the registry before buying big items such as strollers.',
      'Washable, wipeable and one-handed are the features that count.',
      'Keepsakes should take minutes to complete, not hours.',
    ],
    taglines: [
      'For the first year and beyond',
      'Sleep a little easier',
      'Small help for big days',
      'Made for tired hands',
      'Because parents need presents too',
    ],
    details: [
      'Simple to use on very little sleep.',
      'Chosen with help from parents who have survived the first year.',
      'A practical gift that earns its place in the first year.',
    ],
    related: ['togetherWherever', 'dontNeedAnything'],
    subcategories: [
      { name: 'Sleep & Soothing', description: 'White noise, swaddles and monitors for calmer nights.' },
      { name: 'Feeding', description: 'Bottle warmers, pillows and mealtime helpers.' },
      { name: 'Out & About', description: 'Strollers, carriers and bags for leaving the house.' },
      { name: 'Keepsakes', description: 'Memory books and frames for the first milestones.' },
      { name: 'Parent Self-Care', description: 'Recovery kits and treats for the grown-ups.' },
    ],
  },
  techSavvy: {
    name: 'Tech Savvy',
    description:
      'Smart home devices, audio and clever gadgets for early adopters who read the spec sheet before the reviews.',
    short: 'Smart home devices, audio, chargers and clever gadgets for early adopters.',
    color: '#5B8DEF',
    gender: 'for_both',
    banner: true,
    person: 'a tech lover',
    people: 'tech lovers',
    insight:
      'Tech lovers usually own the big-ticket devices already, so the best gifts fill the gaps around them: better charging, smarter lighting, a small gadget that solves an everyday annoyance. Compatibility matters, so check which phone and smart home ecosystem they live in.',
    tips: [
      'Check whether they use iPhone or Android before buying accessories.',
      'Smart home gadgets should match the assistant they already use.',
      'USB-C and fast charging are now the standard worth insisting on.',
      'Small gadgets that fix a daily annoyance often beat flashy ones.',
      'Look for devices that receive regular software updates.',
    ],
    taglines: [
      'Smarter every day',
      'The upgrade their setup needs',
      'Tech that just works',
      'For early adopters',
      'Plug in, power up',
    ],
    details: [
      'Sets up in minutes and fits neatly into an existing setup.',
      'Backed by a two-year warranty.',
      'Compact, well built and designed to disappear into a tidy setup.',
    ],
    related: ['workaholic', 'gameMode'],
    subcategories: [
      { name: 'Smart Home', description: 'Lights, plugs, doorbells and helpers that run the house.' },
      { name: 'Audio', description: 'Earbuds and speakers for music on the move.' },
      { name: 'Charging & Power', description: 'Stands, banks and cables that keep everything topped up.' },
      { name: 'Gadgets', description: 'Trackers, drones and clever small devices.' },
    ],
  },
  craftsPottery: {
    name: 'Crafts & Pottery',
    description:
      'Clay, yarn, paper and wax: kits and tools for makers who would rather make it than buy it.',
    short: 'Pottery, knitting, paper craft and candle-making kits for people who love to make things.',
    color: '#D9825B',
    gender: 'for_her',
    banner: false,
    person: 'a crafter',
    people: 'crafters',
    insight:
      'Makers love gifts that let them start something new or make their current craft more enjoyable. A well-chosen kit removes the hunt for supplies, while good tools reward the hours they already put in. Both say that you have noticed what they love doing.',
    tips: [
      'Kits are ideal for trying a new craft without buying a studio full of supplies.',
      'For experienced makers, upgrade a tool they use every session.',
      'Natural materials such as wool, clay and soy wax feel special to work with.',
      'Check whether they have a kiln before buying glazes.',
      'Add a notebook for patterns, glaze recipes or ideas.',
    ],
    taglines: [
      'Made by hand, made with love',
      'Start something new',
      'For the maker in your life',
      'Every project begins here',
      'Craft the afternoon away',
    ],
    details: [
      'A lovely way to start a new project or refresh a favourite craft.',
      'Made from natural materials that are a pleasure to work with.',
      'A relaxing way to switch off the screen for an afternoon.',
    ],
    related: ['artistDesigners', 'dontNeedAnything'],
    subcategories: [
      { name: 'Pottery & Clay', description: 'Wheels, clay and glazes for throwing and hand-building.' },
      { name: 'Yarn & Fibre Arts', description: 'Knitting, embroidery and everything woolly.' },
      { name: 'Paper & Printmaking', description: 'Bookbinding and block printing kits.' },
      { name: 'Candle & Soap Making', description: 'Kits for pouring candles and curing soap at home.' },
    ],
  },
  culinaryCrew: {
    name: 'Culinary Crew',
    description:
      'Cookware, knives, baking projects and gourmet pantry treats for home cooks who read cookbooks in bed.',
    short: 'Cookware, knives, baking kits and pantry treats for people who love to cook.',
    color: '#E4572E',
    gender: 'for_both',
    banner: true,
    person: 'a home cook',
    people: 'home cooks',
    insight:
      'Keen cooks have strong opinions about their kitchen, so the safest gifts are either a serious upgrade to a workhorse tool or an ingredient-led project they can cook through. A great knife or a cast iron pot lasts decades; a sauce-making kit is an excuse for a fun weekend.',
    tips: [
      'Upgrade a tool they use daily, such as a knife, pan or board.',
      'Pantry gifts from small producers feel special without taking up space.',
      'Project kits, from sourdough to hot sauce, make for a memorable weekend.',
      'Check the hob type before buying cookware: induction needs magnetic bases.',
      'Pair a tool with a favourite recipe card for a personal touch.',
    ],
    taglines: [
      'Cook like you mean it',
      'For the heart of the home',
      'Kitchen-tested, cook-approved',
      'From prep to plate',
      'Made for many dinners to come',
    ],
    details: [
      'Chosen by cooks who spend their evenings in the kitchen.',
      'Professional-grade quality at a home cook price.',
      'It will be pulled out for weeknight dinners and weekend feasts alike.',
    ],
    related: ['drinkLab', 'togetherWherever'],
    subcategories: [
      { name: 'Cookware', description: 'Pots, pans and woks that last a lifetime.' },
      { name: 'Baking', description: 'Mixers, starters and aprons for the baker.' },
      { name: 'Knives & Prep', description: 'Sharp knives and sturdy boards.' },
      { name: 'Gourmet Pantry', description: 'Spices, sauces and small-batch treats.' },
      { name: 'Kitchen Gadgets', description: 'Thermometers, pasta makers and clever helpers.' },
    ],
  },
  natureUnleashed: {
    name: 'Nature Unleashed',
    description:
      'Gardening, houseplants, hiking and birdwatching gifts for people who feel best with mud on their boots.',
    short: 'Gardening tools, houseplants, camping and birding gear for nature lovers.',
    color: '#4E9F6B',
    gender: 'for_both',
    banner: true,
    person: 'a nature lover',
    people: 'nature lovers',
    insight:
      'Nature lovers value things that are durable, light and honest about what they do. In the garden that means tools that will not bend; on the trail it means gear that earns its weight. Gifts that bring the outdoors inside, like a terrarium or a bird feeder by the window, are loved too.',
    tips: [
      'Weight matters on the trail: lighter gear gets taken along more often.',
      'Good garden tools are stainless or forged and last for decades.',
      'Houseplant kits suit city dwellers without a garden.',
      'A bird feeder near a window brings daily joy for very little effort.',
      'Look for weatherproofing ratings on anything that lives outside.',
    ],
    taglines: [
      'Get outside',
      'For muddy boots and green thumbs',
      'Bring the outdoors in',
      'Trail-tested',
      'Grow something wonderful',
    ],
    details: [
      'Simple, sturdy and made to last.',
      'Made for people who feel best with a little mud on their boots.',
      'A lovely way to spend more time outside, whatever the season.',
    ],
    related: ['worldExplorer', 'personalFitness'],
    subcategories: [
      { name: 'Gardening', description: 'Tools, seeds and benches for the garden.' },
      { name: 'Houseplants', description: 'Planters, terrariums and care kits.' },
      { name: 'Camping & Hiking', description: 'Packs, hammocks, tents and lanterns.' },
      { name: 'Birding & Wildlife', description: 'Feeders and binoculars for watching wildlife.' },
    ],
  },
  gameMode: {
    name: 'Game Mode',
    description:
      'Controllers, headsets, board games and retro handhelds for gamers of every kind, from ranked matches to family game night.',
    short: 'Controllers, headsets, board games and retro consoles for every kind of gamer.',
    color: '#6C5CE7',
    gender: 'for_him',
    banner: false,
    person: 'a gamer',
    people: 'gamers',
    insight:
      'Gamers are particular about the gear they touch for hours at a time: controllers, keyboards, mice and headsets. Upgrading one of those is always appreciated. For social players, a great board game or a retro handheld can become the centre of many evenings.',
    tips: [
      'Check which console or platform they play on before buying accessories.',
      'Comfort matters most for anything used in long sessions.',
      'Board games with short setup times get played more often.',
      'Wireless gear is worth it, but look for low-latency connections.',
      'Retro handhelds make a fun nostalgic gift for lapsed gamers.',
    ],
    taglines: [
      'Press start',
      'Level up their setup',
      'For long sessions and late nights',
      'Game night, upgraded',
      'Player one ready',
    ],
    details: [
      'Well made, with the kind of detail gamers notice.',
      'A crowd-pleaser for solo evenings and game nights alike.',
      'Equally good for a solo evening or a crowded game night.',
    ],
    related: ['techSavvy', 'animeFans'],
    subcategories: [
      { name: 'Console & PC', description: 'Controllers and docks for everyday play.' },
      { name: 'Board & Card Games', description: 'Games and dice for the table.' },
      { name: 'Gaming Setup', description: 'Keyboards, mice, headsets and chairs.' },
      { name: 'Retro Gaming', description: 'Handhelds and fight sticks with old-school charm.' },
    ],
  },
  drinkLab: {
    name: 'Drink Lab',
    description:
      'Coffee gear, tea rituals, cocktail tools and home brewing for people who take their drinks seriously.',
    short: 'Coffee, tea, cocktail and home brewing gear for people who love a good drink.',
    color: '#B5651D',
    gender: 'for_both',
    banner: false,
    person: 'a drinks enthusiast',
    people: 'coffee and cocktail fans',
    insight:
      'Whether it is a morning pour-over or a Friday negroni, drinks lovers enjoy the ritual as much as the result. Gifts that improve a step of the process, such as a better grinder or a heavier shaker, or that open up a new hobby like home brewing, are sure winners.',
    tips: [
      'Freshly ground beans make the biggest difference to home coffee.',
      'Weighted glassware makes every drink feel a little more special.',
      'Home brewing kits are a great shared weekend project.',
      'Temperature control matters for green tea and pour-over coffee.',
      'Pair barware with a favourite bottle for a complete gift.',
    ],
    taglines: [
      'Raise a glass',
      'For the perfect pour',
      'Brewed to perfection',
      'Cheers to that',
      'The home bar upgrade',
    ],
    details: [
      'Makes better drinks at home with very little practice.',
      'Well made and easy to clean after every use.',
      'A handsome addition to any kitchen counter or home bar.',
    ],
    related: ['culinaryCrew', 'togetherWherever'],
    subcategories: [
      { name: 'Coffee', description: 'Grinders, brewers and machines for better coffee.' },
      { name: 'Tea', description: 'Kettles and sets for tea rituals.' },
      { name: 'Cocktails & Bar', description: 'Shakers, glasses and smokers.' },
      { name: 'Wine & Beer', description: 'Brewing kits and wine accessories.' },
    ],
  },
  artistDesigners: {
    name: 'Artists & Designers',
    description:
      'Paints, sketchbooks, tablets and studio tools for people who see the world in colour and composition.',
    short: 'Paints, sketchbooks, drawing tablets and studio tools for creative minds.',
    color: '#F4B942',
    gender: 'for_both',
    banner: false,
    person: 'an artist',
    people: 'artists and designers',
    insight:
      'Creative people are picky about materials, and rightly so: good paper and pigments make a visible difference. Professional-grade supplies in a favourite medium always land well, and a tool for a medium they have been curious about can spark a whole new direction.',
    tips: [
      'Artist-grade materials are worth the small premium over student grade.',
      'Ask which medium they love most before buying paints.',
      'A travel set encourages sketching outside the studio.',
      'Digital artists care about pressure sensitivity and screen quality.',
      'Good lighting and storage make any studio more pleasant.',
    ],
    taglines: [
      'For every blank page',
      'Create something beautiful',
      'Studio essentials',
      'Colour outside the lines',
      'Made for making',
    ],
    details: [
      'Artist-grade quality that rewards practice and experiment.',
      'Thoughtfully designed for the studio and for sketching on the go.',
      'A welcome upgrade for beginners and professionals alike.',
    ],
    related: ['craftsPottery', 'storytellerCorner'],
    subcategories: [
      { name: 'Drawing & Sketching', description: 'Pencils, pens and sketchbooks.' },
      { name: 'Painting', description: 'Watercolour, gouache and easels.' },
      { name: 'Digital Art', description: 'Tablets and styluses for digital work.' },
      { name: 'Studio & Desk', description: 'Light pads, frames and organisers.' },
    ],
  },
  togetherWherever: {
    name: 'Together Wherever',
    description:
      'Date nights, weekends away and little keepsakes for couples who would rather do everything together.',
    short: 'Date-night ideas, travel gear for two and keepsakes for couples.',
    color: '#EF8FA6',
    gender: 'for_both',
    banner: false,
    person: 'a couple',
    people: 'couples',
    insight:
      'The best gifts for couples create moments rather than things: an evening in, a picnic, a weekend away, or a small keepsake that marks a memory. Shared experiences are remembered long after most objects are forgotten.',
    tips: [
      'Choose something they can enjoy together, not side by side.',
      'Experiences make great anniversary gifts.',
      'Personalised keepsakes mark a date or a place that matters.',
      'Date-night kits take the planning off their hands.',
      'For long-distance couples, look for things that connect two homes.',
    ],
    taglines: [
      'Made for two',
      'For your favourite person',
      'Moments worth sharing',
      'Better together',
      'Date night, sorted',
    ],
    details: [
      'Designed to be shared, whether on a date night in or a weekend away.',
      'A lovely way to mark an anniversary, an engagement or a new home.',
      'Turns an ordinary evening into a small occasion.',
    ],
    related: ['worldExplorer', 'drinkLab'],
    subcategories: [
      { name: 'Date Night', description: 'Everything for a memorable evening together.' },
      { name: 'Travel Together', description: 'Bags and kit for trips for two.' },
      { name: 'Home for Two', description: 'Matching mugs and shared comforts.' },
      { name: 'Keepsakes', description: 'Star maps, journals and lamps that mark a memory.' },
    ],
  },
  lightsCameraAction: {
    name: 'Lights, Camera, Action',
    description:
      'Home cinema upgrades, filmmaking gear and film memorabilia for movie buffs and budding directors.',
    short: 'Projectors, creator gear and film memorabilia for movie buffs and budding directors.',
    color: '#C0392B',
    gender: 'for_both',
    banner: false,
    person: 'a film buff',
    people: 'film buffs',
    insight:
      'Film lovers fall into two camps: people who watch and people who make. Watchers love anything that makes movie night feel like a night out; makers want gear that makes their footage look and sound better. Both will appreciate a nod to their favourite films.',
    tips: [
      'A projector and a blank wall turn any room into a cinema.',
      'Audio quality matters more than camera quality for new creators.',
      'Film posters and prints make great, affordable decor gifts.',
      'Check whether they shoot on a phone or a camera before buying accessories.',
      'Pair a movie-night gift with their favourite snacks.',
    ],
    taglines: [
      'Roll credits',
      'For movie night and beyond',
      'Your close-up awaits',
      'Made for film lovers',
      'Action!',
    ],
    details: [
      'Brings a proper cinema feel to a living room or a first shoot.',
      'Straightforward to set up, so more time goes to the film itself.',
      'A fun upgrade for regular movie nights.',
    ],
    related: ['musicRoom', 'techSavvy'],
    subcategories: [
      { name: 'Home Cinema', description: 'Projectors, soundbars and popcorn.' },
      { name: 'Filmmaking', description: 'Cameras, gimbals and clapperboards.' },
      { name: 'Film Memorabilia', description: 'Posters and prints for film lovers.' },
      { name: 'Creator Gear', description: 'Lights and microphones for video creators.' },
    ],
  },
  workaholic: {
    name: 'The Workaholic',
    description:
      'Desk upgrades, planners and well-made work bags for people whose laptop comes on holiday too.',
    short: 'Desk upgrades, planners and work bags for people who are always on the clock.',
    color: '#3D5A80',
    gender: 'for_both',
    banner: false,
    person: 'a workaholic',
    people: 'people who work too hard',
    insight:
      'Hard workers spend long hours at a desk, so gifts that make those hours more comfortable are genuinely useful: better posture, a tidier surface, a bag that carries everything. Just as welcome are gifts that nudge them to pause, from a focus timer to a mug that keeps the coffee hot.',
    tips: [
      'Ergonomic upgrades such as stands and footrests pay off every day.',
      'A tidy desk helps focus: trays and organisers are simple wins.',
      'Quality pens and planners feel personal without being fussy.',
      'Look for bags with a padded laptop section and a luggage strap.',
      'Add something that encourages a break, too.',
    ],
    taglines: [
      'Work smarter, not longer',
      'Desk goals, achieved',
      'For the nine-to-five and beyond',
      'A tidier desk, a clearer head',
      'Built for busy days',
    ],
    details: [
      'Designed for long working days, at a desk or on the move.',
      'Looks at home in a corner office or on a kitchen-table workspace.',
      'A practical gift that gets used every working day.',
    ],
    related: ['techSavvy', 'storytellerCorner'],
    subcategories: [
      { name: 'Desk Setup', description: 'Stands, lamps, trays and chairs.' },
      { name: 'Focus & Wellbeing', description: 'Footrests, timers and warm coffee.' },
      { name: 'Work Bags', description: 'Backpacks and sleeves for the commute.' },
      { name: 'Planning & Notes', description: 'Planners and pens for organised minds.' },
    ],
  },
  sportsCentral: {
    name: 'Sports Central',
    description:
      'Fan gear, golf, cycling and racket sports gifts for people who plan their weekends around the fixture list.',
    short: 'Fan gear, golf, cycling and racket sports gifts for players and supporters.',
    color: '#2A9D8F',
    gender: 'for_him',
    banner: false,
    person: 'a sports fan',
    people: 'sports fans',
    insight:
      'Sports people either play, watch or both. Players appreciate equipment that improves their game or keeps them riding longer; supporters love anything that makes match day more comfortable, from a warm stadium blanket to a tailgate grill.',
    tips: [
      'Find out which sport they play most before buying equipment.',
      'Match-day comfort gifts suit fans who watch in all weathers.',
      'Cycling gifts should fit their bike: check wheel sizes and mounts.',
      'Golf gadgets such as rangefinders are rarely bought by golfers themselves.',
      'Display cases turn signed memorabilia into proper decor.',
    ],
    taglines: [
      'Game on',
      'For match day and every day',
      'Play harder',
      'Built for the season',
      'Fan favourite',
    ],
    details: [
      'Made to handle a full season of use.',
      'Trusted by club players and weekend warriors alike.',
      'A great pick for players and supporters alike.',
    ],
    related: ['personalFitness', 'natureUnleashed'],
    subcategories: [
      { name: 'Fan Gear', description: 'Blankets and display cases for supporters.' },
      { name: 'Golf', description: 'Balls and rangefinders for the course.' },
      { name: 'Cycling', description: 'Lights, tools and trainers for riders.' },
      { name: 'Racket Sports', description: 'Tennis and pickleball kit.' },
      { name: 'Game Day', description: 'Coolers and grills for the tailgate.' },
    ],
  },
  storytellerCorner: {
    name: "Storyteller's Corner",
    description:
      'Reading nook comforts, journals and book accessories for readers, writers and anyone who loves a good story.',
    short: 'Reading lights, journals, e-readers and book accessories for readers and writers.',
    color: '#9C6644',
    gender: 'for_both',
    banner: false,
    person: 'a book lover',
    people: 'book lovers',
    insight:
      'Readers and writers love the rituals around a story: a good light, a comfortable corner, a journal that invites the first line. Since guessing the next book is risky, gifts that improve the reading experience are a safer and often more treasured choice.',
    tips: [
      'Reading accessories are safer than guessing which book they want.',
      'A good reading light makes a real difference for night-time readers.',
      'Journals should lie flat and take fountain-pen ink without bleeding.',
      'Book subscriptions keep the gift going for months.',
      'Personalised embossers make their library feel special.',
    ],
    taglines: [
      'One more chapter',
      'For every story worth telling',
      'Made for readers',
      'Write your next chapter',
      'Curl up and read',
    ],
    details: [
      'A lovely companion for long evenings with a good book.',
      'Made with the care that book lovers appreciate.',
      'Makes reading and writing a little more of a ritual.',
    ],
    related: ['workaholic', 'artistDesigners'],
    subcategories: [
      { name: 'Reading Nook', description: 'Lights, pillows and e-readers for comfy reading.' },
      { name: 'Writing Desk', description: 'Journals, typewriters and prompts.' },
      { name: 'Book Accessories', description: 'Bookends, sleeves and embossers.' },
      { name: 'Listening & Storytelling', description: 'Audiobook headphones and story games.' },
    ],
  },
  worldExplorer: {
    name: 'World Explorer',
    description:
      'Carry-on essentials, travel tech and keepsakes for people who always have the next trip planned.',
    short: 'Carry-on essentials, travel tech and keepsakes for people with the next trip booked.',
    color: '#2D9CDB',
    gender: 'for_both',
    banner: true,
    person: 'a traveller',
    people: 'travellers',
    insight:
      'Frequent travellers have learned to value light, clever and durable things that make the journey smoother. Gifts that save space in a bag, keep devices charged or make a long flight more comfortable are used on every trip, and keepsakes help them remember where they have been.',
    tips: [
      'Weight and size matter: check airline limits for bags.',
      'Universal adapters and power banks are used on every trip.',
      'Packing cubes make even a small bag feel organised.',
      'Comfort gifts for long flights are always appreciated.',
      'A scratch map or journal turns trips into keepsakes.',
    ],
    taglines: [
      'Pack light, travel far',
      'For the next adventure',
      'Passport ready',
      'Wander well',
      'Made for the journey',
    ],
    details: [
      'Thoughtfully designed by and for frequent travellers.',
      'A lovely way to remember the last trip and look forward to the next.',
      'Made for people who always have the next trip planned.',
    ],
    related: ['togetherWherever', 'natureUnleashed'],
    subcategories: [
      { name: 'Carry-On', description: 'Suitcases, cubes and wallets for hand luggage.' },
      { name: 'Travel Tech', description: 'Adapters, trackers and headphones.' },
      { name: 'Travel Comfort', description: 'Pillows and bottles for long journeys.' },
      { name: 'Maps & Memories', description: 'Scratch maps and journals.' },
    ],
  },
  animeFans: {
    name: 'Anime Fans',
    description:
      'Figures, manga, art books, cosplay and Japanese snacks for fans who know every opening theme by heart.',
    short: 'Figures, manga, cosplay and Japanese snacks for anime and manga fans.',
    color: '#FF6F91',
    gender: 'for_both',
    banner: false,
    person: 'an anime fan',
    people: 'anime fans',
    insight:
      'Anime fans are collectors at heart: they love well-made figures, complete box sets and art books that show how a series was made. Room decor and snacks from Japan are lighter, fun options that still show you know what they are into.',
    tips: [
      'Ask which series they are watching right now.',
      'Officially licensed merchandise is better made and supports the studios.',
      'Box sets are a great way to complete a collection.',
      'Japanese snack boxes are a fun, low-risk surprise.',
      'Decor such as lights and scrolls suits fans of any series.',
    ],
    taglines: [
      'For true fans',
      'Collect them all',
      'Straight from Tokyo',
      'Your next obsession',
      'Shelf-worthy',
    ],
    details: [
      'Finished with the care that collectors appreciate.',
      'Looks great on a display shelf or a desk.',
      'A fun pick for new fans and long-time collectors alike.',
    ],
    related: ['gameMode', 'artistDesigners'],
    subcategories: [
      { name: 'Figures & Collectibles', description: 'Figures and pins for the display shelf.' },
      { name: 'Manga & Art Books', description: 'Box sets, art books and drawing kits.' },
      { name: 'Cosplay', description: 'Wigs and accessories for conventions.' },
      { name: 'Room Decor', description: 'Lights, cushions and scrolls.' },
      { name: 'Japanese Treats', description: 'Snack boxes and ramen sets.' },
    ],
  },
  beautySkinHair: {
    name: 'Beauty, Skin & Hair',
    description:
      'Skincare sets, hair tools, grooming kits and at-home spa treats for people who love a good routine.',
    short: 'Skincare sets, hair tools, grooming kits and at-home spa treats.',
    color: '#E38FB6',
    gender: 'for_her',
    banner: true,
    person: 'a beauty lover',
    people: 'beauty lovers',
    insight:
      'People who enjoy their routines know exactly what suits their skin and hair, so tools and discovery sets are safer than a single full-size product. Hair tools, silk accessories and grooming kits upgrade the routine without second-guessing their favourite brands.',
    tips: [
      'Discovery sets let them try new products without committing.',
      'Tools such as rollers and dryers suit every skin type.',
      'Silk pillowcases are kind to hair and skin alike.',
      'Check for fragrance-free options if they have sensitive skin.',
      'Grooming kits make a thoughtful gift for him, too.',
    ],
    taglines: [
      'Glow up',
      'Self-care, sorted',
      'Your routine, upgraded',
      'Spa day at home',
      'For skin you love',
    ],
    details: [
      'Chosen by our beauty editor after weeks of daily use.',
      'Turns an everyday routine into a small ritual.',
      'A pampering gift that feels indulgent but gets used daily.',
    ],
    related: ['dontNeedAnything', 'artistDesigners'],
    subcategories: [
      { name: 'Skincare', description: 'Serums, creams and discovery sets.' },
      { name: 'Haircare', description: 'Dryers, straighteners and silk.' },
      { name: 'Makeup', description: 'Brushes, mirrors and lip care.' },
      { name: 'Grooming', description: 'Beard and shaving kits.' },
      { name: 'Wellness Tools', description: 'Rollers, masks and facial tools.' },
    ],
  },
};
