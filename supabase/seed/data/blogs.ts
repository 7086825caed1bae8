/**
 * The editorial side of the demo: the writers, and one brief per article (title, where it is
 * filed, who it is for, whose products it recommends, and its opening). The article generator
 * writes the rest of each article from the briefs, the categories' phrases and real products.
 */
import type { Gender, PersonalityKey } from './personalities.ts';

export const WRITERS = [
  {
    name: 'Maya Okafor',
    description: 'Gift editor. Maya tests kitchen kit, home comforts and small luxuries, and has opinions about every candle she has ever lit.',
  },
  {
    name: 'Daniel Reyes',
    description: 'Tech and gaming writer. Daniel has reviewed gadgets for a decade and still gets excited about a good charging cable.',
  },
  {
    name: 'Priya Raman',
    description: 'Beauty and style editor. Priya covers skincare, grooming and accessories with a sceptical eye for marketing claims.',
  },
  {
    name: 'Tom Whitaker',
    description: 'Outdoors and travel writer. Tom has hiked four continents with a daypack and writes about gear that earns its weight.',
  },
  {
    name: 'Hannah Lindqvist',
    description: 'Crafts, design and family writer. Hannah throws pots, binds books and is learning to do both with a toddler underfoot.',
  },
  {
    name: 'Marcus Bell',
    description: 'Sports, drinks and DIY writer. Marcus coaches youth football on Saturdays and mixes a mean negroni afterwards.',
  },
  {
    name: 'Elena Park',
    description: 'Books, film, music and anime writer. Elena runs a neighbourhood film club and owns too many record crates.',
  },
];

export type ArticleFormat = 'guide' | 'budget' | 'howto';

export interface ArticleBrief {
  title: string;
  /** A personality key or the key of a blog-only category. */
  category: string;
  audience: Gender;
  draws: PersonalityKey[];
  format: ArticleFormat;
  writer: number;
  featured?: true;
  /** Only products at or under this price. */
  maxPrice?: number;
  /** Subcategory names the article is about; products from them are chosen first. */
  focus?: string[];
  intro: string;
}

export const ARTICLES: ArticleBrief[] = [
  {
    title: 'Gifts for the Home Cook Who Owns Every Gadget', category: 'culinaryCrew', audience: 'for_both',
    draws: ['culinaryCrew'], format: 'guide', writer: 0, featured: true,
    intro: 'Every family has one: the person whose drawers already hold a mandoline, a zester and three kinds of tongs. Buying for them feels impossible, until you stop looking for another gadget and start looking for a better version of the things they reach for every night.',
  },
  {
    title: 'Cosy Home and Kitchen Gifts Under $50', category: 'home-living', audience: 'for_both',
    draws: ['culinaryCrew', 'dontNeedAnything'], format: 'budget', writer: 0, maxPrice: 50,
    intro: 'A good gift for the home does not need a big budget. Some of the things we use most in our own kitchens and living rooms cost less than a takeaway for two, and every one of them makes an ordinary evening a little more pleasant.',
  },
  {
    title: 'What to Buy the Person Who Says They Need Nothing', category: 'dontNeedAnything', audience: 'for_both',
    draws: ['dontNeedAnything'], format: 'guide', writer: 0, featured: true,
    intro: '"Honestly, I don\'t need anything." We have all heard it, and we have all ignored it. The trick is to take them at their word: skip the objects that need a shelf and choose things that get used up, worn soft or remembered.',
  },
  {
    title: 'Small Luxuries She Would Never Buy Herself', category: 'dontNeedAnything', audience: 'for_her',
    draws: ['dontNeedAnything', 'beautySkinHair'], format: 'guide', writer: 2,
    intro: 'The best presents are often the ones people talk themselves out of at the till. A silk pillowcase, a proper bath soak, a candle that costs more than feels sensible: these are the treats that make a gift feel like a gift.',
  },
  {
    title: 'The Workshop Gift Guide: Tools That Earn Their Place', category: 'buildersFixers', audience: 'for_him',
    draws: ['buildersFixers'], format: 'guide', writer: 5, featured: true,
    intro: 'Anyone who fixes things has a drawer of tools they regret buying. This guide is about the other kind: the tools that come out every weekend, stay accurate for years and make a job noticeably easier.',
  },
  {
    title: 'Weekend Project Gifts for New Homeowners', category: 'home-living', audience: 'for_both',
    draws: ['buildersFixers', 'dontNeedAnything'], format: 'howto', writer: 5,
    focus: ['Hand Tools', 'Measuring & Layout', 'Workshop Storage', 'Small Luxuries'],
    intro: 'The keys are handed over, the boxes are unpacked and suddenly there is a list of small jobs that nobody mentioned at the viewing. New homeowners need a few good tools, a tidy place to keep them and the odd reward for finishing the job.',
  },
  {
    title: 'Training Gifts That Actually Get Used After January', category: 'fitness-enthusiast', audience: 'for_both',
    draws: ['personalFitness'], format: 'guide', writer: 3,
    intro: 'Fitness gifts have a reputation for ending up under the bed by February. The ones in this guide have the opposite problem: they are so easy to pick up that they become part of the routine.',
  },
  {
    title: 'Recovery Gear for Runners and Lifters', category: 'personalFitness', audience: 'for_him',
    draws: ['personalFitness'], format: 'howto', writer: 3,
    focus: ['Recovery', 'Yoga & Mobility', 'Nutrition & Hydration'],
    intro: 'Training is only half the work. The gains happen on the rest days, and the right recovery kit makes those days more comfortable and a lot more consistent.',
  },
  {
    title: 'Home Studio Gifts for Bedroom Producers', category: 'musicRoom', audience: 'for_both',
    draws: ['musicRoom'], format: 'guide', writer: 6, featured: true,
    focus: ['Home Studio', 'Instruments', 'Listening'],
    intro: 'Some of the best records of the last decade started on a laptop in a spare room. If someone you love is making music at home, a few well-chosen pieces of kit can make their setup sound far more professional.',
  },
  {
    title: "The Vinyl Lover's Gift Guide", category: 'musicRoom', audience: 'for_him',
    draws: ['musicRoom'], format: 'budget', writer: 6,
    focus: ['Vinyl Culture', 'Listening'],
    intro: 'Record collectors are easy to please and hard to surprise. They know their pressings and they know their turntable, so the smartest gifts look after the ritual: the playing, the cleaning and the storing.',
  },
  {
    title: 'Gifts New Parents Will Thank You for at 3 a.m.', category: 'newParents', audience: 'for_both',
    draws: ['newParents'], format: 'guide', writer: 4, featured: true,
    focus: ['Sleep & Soothing', 'Feeding', 'Parent Self-Care'],
    intro: 'Baby showers are full of tiny outfits that fit for a fortnight. New parents remember the other gifts: the ones that helped at three in the morning, or gave them ten minutes to drink a coffee while it was still hot.',
  },
  {
    title: 'Push Presents and Little Luxuries for New Mums', category: 'newParents', audience: 'for_her',
    draws: ['newParents', 'beautySkinHair'], format: 'budget', writer: 4,
    intro: 'The baby gets all the presents, but the person who carried them deserves a few too. These are gifts for her, not the nursery: things for recovery, for rest and for feeling like herself again.',
  },
  {
    title: 'Smart Home Gadgets Worth Gifting', category: 'tech-enthusiast', audience: 'for_both',
    draws: ['techSavvy'], format: 'guide', writer: 1, featured: true,
    focus: ['Smart Home'],
    intro: 'Smart home gadgets used to be fiddly toys. Today the good ones set up in minutes and quietly make a home easier to live in, which makes them excellent gifts, as long as you choose the ones that play nicely together.',
  },
  {
    title: 'Desk Tech for the Friend Who Is Always Online', category: 'techSavvy', audience: 'for_him',
    draws: ['techSavvy', 'workaholic'], format: 'howto', writer: 1,
    focus: ['Charging & Power', 'Gadgets', 'Audio', 'Desk Setup'],
    intro: 'If your friend replies to messages within seconds at any hour, their desk is their second home. A few smart upgrades can make that home tidier, more comfortable and a lot better powered.',
  },
  {
    title: 'Starter Kits for Aspiring Potters', category: 'craftsPottery', audience: 'for_her',
    draws: ['craftsPottery'], format: 'howto', writer: 4,
    focus: ['Pottery & Clay'],
    intro: 'A first pottery class is addictive. If someone in your life came home with a wonky bowl and a huge smile, these are the kits and tools that let them keep going between classes.',
  },
  {
    title: 'Gifts for the Crafter Who Makes Everything', category: 'craftsPottery', audience: 'for_both',
    draws: ['craftsPottery', 'artistDesigners'], format: 'guide', writer: 4,
    intro: 'Crafters are notoriously hard to buy for: they would rather make it themselves, and they usually can. The answer is to give them the materials and tools for their next project, or a nudge towards a craft they have not tried yet.',
  },
  {
    title: 'Gifts for Gardeners and Houseplant Collectors', category: 'natureUnleashed', audience: 'for_both',
    draws: ['natureUnleashed'], format: 'guide', writer: 3,
    focus: ['Gardening', 'Houseplants'],
    intro: 'Whether they tend a full vegetable patch or a windowsill of succulents, people who grow things love gifts that help those things grow. Good tools, clever planters and a few seeds go a long way.',
  },
  {
    title: 'Camping Gear That Fits in a Daypack', category: 'outdoor-adventurer', audience: 'for_him',
    draws: ['natureUnleashed', 'worldExplorer'], format: 'budget', writer: 3, featured: true,
    focus: ['Camping & Hiking', 'Travel Comfort'],
    intro: 'The best outdoor gear disappears until you need it. Everything here is light enough to carry on a day hike and useful enough that you will be glad you did.',
  },
  {
    title: 'Level Up: Gifts for Console and PC Gamers', category: 'gameMode', audience: 'for_him',
    draws: ['gameMode', 'techSavvy'], format: 'guide', writer: 1,
    focus: ['Console & PC', 'Gaming Setup', 'Retro Gaming', 'Audio'],
    intro: 'Gamers spend hours with their hands on the same few pieces of kit. Upgrade one of them and you improve every session that follows, which is why controllers, headsets and keyboards make such good gifts.',
  },
  {
    title: 'Board Game Night Essentials', category: 'gameMode', audience: 'for_both',
    draws: ['gameMode', 'togetherWherever'], format: 'budget', writer: 1,
    focus: ['Board & Card Games', 'Date Night', 'Home for Two'],
    intro: 'A good game night needs three things: a game that is easy to teach, snacks within reach and a reason to come back next week. These picks cover all three, whatever the size of the group.',
  },
  {
    title: 'Home Bar Upgrades for the Cocktail Curious', category: 'drinkLab', audience: 'for_both',
    draws: ['drinkLab'], format: 'howto', writer: 5, featured: true,
    focus: ['Cocktails & Bar', 'Wine & Beer'],
    intro: 'Great cocktails at home are less about rare bottles and more about a handful of good tools. If someone you know has started ordering negronis and asking how they are made, here is how to set them up.',
  },
  {
    title: 'Coffee Gifts for People Who Grind Their Own Beans', category: 'drinkLab', audience: 'for_both',
    draws: ['drinkLab'], format: 'guide', writer: 0,
    focus: ['Coffee'],
    intro: 'Once someone starts weighing their coffee, there is no going back. They already own a grinder and a favourite roaster, so the best gifts refine the ritual rather than replace it.',
  },
  {
    title: 'Sketchbooks, Pens and Studio Tools for Artists', category: 'artistDesigners', audience: 'for_both',
    draws: ['artistDesigners'], format: 'guide', writer: 4,
    intro: 'Artists can tell good paper from bad at a touch, and they rarely treat themselves to the good stuff. That makes professional-grade supplies one of the easiest ways to delight someone creative.',
  },
  {
    title: 'Design-Lover Gifts That Look Good on Any Shelf', category: 'home-living', audience: 'for_her',
    draws: ['artistDesigners', 'dontNeedAnything'], format: 'budget', writer: 4,
    focus: ['Studio & Desk', 'Small Luxuries', 'Cozy Comforts'],
    intro: 'Some people notice the typeface on a menu and the joinery on a chair. For them, a gift has to work well and look good doing it. These are the pieces we would happily leave out on display.',
  },
  {
    title: 'Gifts for Couples Who Do Everything Together', category: 'togetherWherever', audience: 'for_both',
    draws: ['togetherWherever'], format: 'guide', writer: 0,
    intro: 'Buying one gift for two people sounds tricky, but couples who share everything make it easy: give them something to do together. An evening in, a weekend away or a keepsake of a favourite memory all work.',
  },
  {
    title: 'Date Night in a Box: Ideas for Long-Distance Couples', category: 'togetherWherever', audience: 'for_her',
    draws: ['togetherWherever', 'drinkLab'], format: 'howto', writer: 2,
    focus: ['Date Night', 'Cocktails & Bar', 'Keepsakes'],
    intro: 'Distance makes date night harder, not impossible. With a little planning, two people in different time zones can share a meal, a drink and a conversation that feels close to the real thing.',
  },
  {
    title: 'Movie Night Upgrades for Film Buffs', category: 'lightsCameraAction', audience: 'for_both',
    draws: ['lightsCameraAction'], format: 'guide', writer: 6,
    focus: ['Home Cinema', 'Film Memorabilia'],
    intro: 'A great film deserves more than a laptop on a duvet. With a few upgrades, any living room can feel like a small independent cinema, complete with proper popcorn.',
  },
  {
    title: 'Gifts for Aspiring Filmmakers and Content Creators', category: 'lightsCameraAction', audience: 'for_him',
    draws: ['lightsCameraAction', 'techSavvy'], format: 'howto', writer: 6,
    focus: ['Filmmaking', 'Creator Gear', 'Gadgets'],
    intro: 'Every filmmaker starts somewhere, and today that somewhere is usually a phone. The right accessories make the jump from shaky clips to something worth sharing surprisingly small.',
  },
  {
    title: 'Gifts for the Workaholic Who Needs a Break', category: 'workaholic', audience: 'for_both',
    draws: ['workaholic', 'dontNeedAnything'], format: 'guide', writer: 1,
    intro: 'You cannot make someone log off, but you can make their working hours kinder and their breaks more tempting. This guide mixes desk upgrades with a few gentle nudges towards rest.',
  },
  {
    title: 'Digital Nomad Essentials for Working Anywhere', category: 'digital-nomad', audience: 'for_both',
    draws: ['workaholic', 'worldExplorer', 'techSavvy'], format: 'guide', writer: 3,
    focus: ['Work Bags', 'Travel Tech', 'Charging & Power', 'Carry-On', 'Desk Setup'],
    intro: 'A café in Lisbon on Monday, a co-working space in Mexico City by Friday: the digital nomad life runs on a small, well-chosen kit. These are the pieces that make a laptop bag feel like a portable office.',
  },
  {
    title: 'Game Day Gifts for the Ultimate Fan', category: 'sportsCentral', audience: 'for_him',
    draws: ['sportsCentral'], format: 'guide', writer: 5,
    focus: ['Fan Gear', 'Game Day'],
    intro: 'For true fans, match day starts hours before kick-off and ends long after the final whistle. These gifts make every part of it better, from the car park to the cold seats.',
  },
  {
    title: 'Gifts for Golfers, Cyclists and Weekend Athletes', category: 'sportsCentral', audience: 'for_both',
    draws: ['sportsCentral', 'personalFitness'], format: 'budget', writer: 5,
    focus: ['Golf', 'Cycling', 'Racket Sports', 'Recovery'],
    intro: 'Weekend athletes take their sport seriously even if they will never turn pro. The best gifts help them play a little better, ride a little longer or recover a little faster.',
  },
  {
    title: 'Reading Nook Gifts for Book Lovers', category: 'storytellerCorner', audience: 'for_her',
    draws: ['storytellerCorner'], format: 'guide', writer: 6,
    focus: ['Reading Nook', 'Book Accessories'],
    intro: 'Guessing which book someone wants is a gamble. Giving them a better place to read is a sure thing. These picks turn any chair into a reading nook and any evening into a few more chapters.',
  },
  {
    title: 'Gifts for Writers and Journal Keepers', category: 'storytellerCorner', audience: 'for_both',
    draws: ['storytellerCorner', 'artistDesigners'], format: 'howto', writer: 6,
    focus: ['Writing Desk', 'Drawing & Sketching'],
    intro: 'Writers are sentimental about their tools. The right notebook or pen can make the difference between a blank page and a first line, so it is worth choosing carefully.',
  },
  {
    title: 'Carry-On Essentials for Frequent Flyers', category: 'travel-essentials', audience: 'for_both',
    draws: ['worldExplorer'], format: 'budget', writer: 3,
    focus: ['Carry-On', 'Travel Tech', 'Travel Comfort'],
    intro: 'Frequent flyers judge every object by one question: is it worth the space in my bag? These carry-on essentials pass that test, trip after trip.',
  },
  {
    title: 'Gifts for the Friend Planning Their Next Big Trip', category: 'worldExplorer', audience: 'for_her',
    draws: ['worldExplorer', 'togetherWherever'], format: 'guide', writer: 3,
    intro: 'Some friends start planning the next trip on the flight home from the last one. Help them get there in comfort and remember it afterwards with gifts made for the road.',
  },
  {
    title: 'Anime Gifts Fans Will Actually Display', category: 'animeFans', audience: 'for_both',
    draws: ['animeFans'], format: 'guide', writer: 6,
    focus: ['Figures & Collectibles', 'Room Decor'],
    intro: 'Anime fans are collectors with high standards. Poorly made merchandise ends up in a drawer, while the good stuff gets pride of place on the shelf. This guide is about the good stuff.',
  },
  {
    title: 'Gifts for Manga Readers and Cosplayers', category: 'animeFans', audience: 'for_her',
    draws: ['animeFans', 'artistDesigners'], format: 'budget', writer: 6,
    focus: ['Manga & Art Books', 'Cosplay', 'Drawing & Sketching'],
    intro: 'From complete box sets to convention-ready wigs, the world of manga and cosplay has gifts at every price. Here are the ones fans have told us they loved receiving.',
  },
  {
    title: 'A Skincare Routine in a Gift Box', category: 'beautySkinHair', audience: 'for_her',
    draws: ['beautySkinHair'], format: 'howto', writer: 2,
    focus: ['Skincare', 'Wellness Tools'],
    intro: 'Skincare is personal, which makes it a risky gift. Tools, discovery sets and accessories sidestep the risk, letting someone upgrade their routine without abandoning the products they trust.',
  },
  {
    title: 'Grooming Gifts for Him That Feel Like an Upgrade', category: 'fashion-style', audience: 'for_him',
    draws: ['beautySkinHair', 'dontNeedAnything'], format: 'guide', writer: 2,
    focus: ['Grooming', 'Wellness Tools', 'Small Luxuries'],
    intro: 'Plenty of men have a grooming routine that has not changed since university. A well-chosen kit can turn a two-minute chore into a small daily pleasure, without a bathroom full of bottles.',
  },
  {
    title: 'Finishing Touches: Accessories for People Who Like to Look the Part', category: 'fashion-style', audience: 'for_her',
    draws: ['beautySkinHair', 'worldExplorer'], format: 'budget', writer: 2,
    focus: ['Makeup', 'Haircare', 'Carry-On'],
    intro: 'The details finish an outfit: a beautiful passport wallet, a silk accessory, a mirror that shows what the bathroom light hides. These small things make a big impression.',
  },
  {
    title: 'Fitness Tech Worth Wearing', category: 'fitness-enthusiast', audience: 'for_both',
    draws: ['personalFitness', 'techSavvy'], format: 'budget', writer: 1,
    focus: ['Fitness Tech', 'Audio'],
    intro: 'Fitness tech should motivate, not nag. The gadgets here track the numbers that matter, last for days between charges and look good enough to wear to dinner.',
  },
  // Home & Living has enough for_both articles to fill more than one listing page (9 a page).
  {
    title: 'Housewarming Gifts That Feel Personal', category: 'home-living', audience: 'for_both',
    draws: ['dontNeedAnything', 'culinaryCrew'], format: 'guide', writer: 0,
    intro: 'A housewarming gift has one job: to make a new place feel like home a little sooner. Skip the generic bottle and bring something that gets used in the first week, whether that is a proper bread board or a candle for the first night in.',
  },
  {
    title: 'Gifts for the Friend Who Loves Hosting', category: 'home-living', audience: 'for_both',
    draws: ['culinaryCrew', 'drinkLab'], format: 'guide', writer: 4,
    intro: 'Some people are happiest with a full table and a crowded kitchen. The best gifts for them make the evening run smoother: better serving pieces, a bar tool that works, and something small to send guests home with.',
  },
  {
    title: 'Plant Gifts for Every Kind of Indoor Gardener', category: 'home-living', audience: 'for_both',
    draws: ['natureUnleashed'], format: 'guide', writer: 1,
    intro: 'From the windowsill beginner to the person whose flat is more jungle than living room, plant lovers are easy to please once you know what stage they are at. These picks suit every level of green thumb.',
  },
  {
    title: 'Handmade Touches for a Cosier Home', category: 'home-living', audience: 'for_both',
    draws: ['craftsPottery', 'artistDesigners'], format: 'guide', writer: 2,
    intro: 'Mass-produced decor fills a room; handmade pieces give it character. A glazed mug, a woven throw or a print from an independent maker brings warmth that no flat-pack shelf can match.',
  },
  {
    title: 'Storage Gifts That Make Small Spaces Work', category: 'home-living', audience: 'for_both',
    draws: ['buildersFixers', 'workaholic'], format: 'howto', writer: 5,
    intro: 'Small flats reward clever storage. A few well-chosen organisers turn a cluttered hallway or desk into a place that is pleasant to use, and they make surprisingly welcome gifts for anyone short on square metres.',
  },
  {
    title: 'Slow Sunday Gifts: Coffee, Books and Blankets', category: 'home-living', audience: 'for_both',
    draws: ['dontNeedAnything', 'storytellerCorner'], format: 'guide', writer: 6,
    intro: 'Some of the best days are the ones with no plans at all. These gifts are built for lazy mornings: good coffee, a book worth finishing and a blanket that makes the sofa hard to leave.',
  },
  {
    title: 'Couples Gifts for a Shared First Home', category: 'home-living', audience: 'for_both',
    draws: ['togetherWherever', 'culinaryCrew'], format: 'guide', writer: 0,
    intro: 'Moving in together means merging two sets of mugs and deciding whose lamp stays. A gift for the couple should belong to both of them: something for the table, the garden or the first dinner party they host.',
  },
  {
    title: 'Thoughtful Home Gifts Under $50', category: 'home-living', audience: 'for_both',
    draws: ['dontNeedAnything', 'craftsPottery', 'culinaryCrew'], format: 'budget', writer: 4, maxPrice: 50,
    intro: 'A small budget is no excuse for a forgettable present. Every gift here costs fifty dollars or less and still looks like it took real thought, which is exactly what a good home gift should do.',
  },
];

/** Opening paragraphs after the introduction, by article format. */
export const LEADS: Record<ArticleFormat, string[]> = {
  guide: [
    'We spent weeks testing, returning and re-testing. What follows are the picks that earned a permanent place in our own homes, from small finds to a couple of splurges worth every cent.',
    'Every pick below was chosen because someone on our team either uses it or has given it and seen it used. Prices vary, so there is something here for a birthday, an anniversary or a thank-you.',
    'We asked friends, colleagues and a few very opinionated family members what they would actually want. Their answers shaped this list.',
  ],
  budget: [
    'We have grouped these by price so you can jump straight to your budget. Every pick is something we would be happy to receive ourselves.',
    'Spending more does not always mean giving better. Below are our favourites, cheapest first, each one something we would be glad to unwrap.',
  ],
  howto: [
    'Before you buy, it helps to know what makes a good gift in this space. Here is what we have learned from testing and from plenty of trial and error.',
    'A little thought up front saves a return later. These are the questions we ask ourselves before choosing.',
  ],
};

export const CLOSINGS = [
  'Still not sure? Take our [gift personality quiz]({quiz}) and we will point you to the categories that suit them, or browse the full [{category} collection]({categoryUrl}).',
  'If none of these feels quite right, the [{category} collection]({categoryUrl}) has plenty more, and our [gift personality quiz]({quiz}) takes two minutes.',
  'Whatever you choose, add a handwritten note: it is the part of the gift people keep. For more ideas, see [everything in {category}]({categoryUrl}) or [gifts under $50]({budgetUrl}).',
];

/** How the picks were chosen: a short section every article carries. */
export const METHODS = [
  'Every product here was used for at least a few weeks by someone on our team or by a friend who fits the brief. We looked at how well each one is made, how often it actually got used, and whether it still felt special once the novelty wore off. Anything that ended up in a drawer did not make the cut.',
  'We started with a long list from reader suggestions, retailer best-seller charts and our own wish lists, then cut anything that felt gimmicky, fragile or overpriced for what it is. What remains is a short list we would be happy to give, and just as happy to receive.',
  'Our rule is simple: we only recommend gifts we would buy with our own money. We compared prices across several retailers, read the small print on warranties and returns, and asked the people we were shopping for what they really thought.',
];

/** Where a recommended product can be bought; {retailers} is a list such as 'Amazon and Etsy'. */
export const WHERE_TO_BUY = [
  'You will find it at {retailers}, and the product page shows the latest price at each.',
  'We found it at {retailers}; prices tend to move by a few dollars from week to week.',
  'It is stocked by {retailers}. Check the product page for the current price at each.',
];

/** One-line verdicts on a recommended product; an article never repeats one. */
export const VERDICTS = [
  'It is the one our testers kept reaching for.',
  'We would give it without a second thought.',
  'Our testers were reluctant to hand it back.',
  'It feels more expensive than it is.',
  'It is the kind of gift that quietly becomes part of the routine.',
  'Simple, well made and easy to love.',
  'A safe choice that still feels personal.',
  'Of everything on this list, it is the one readers ask about most.',
  'It does one job and does it beautifully.',
];
