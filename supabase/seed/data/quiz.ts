/**
 * The gift personality quiz: twelve questions about the person being shopped for, eight answers
 * each (the app letters them A to H), every answer pointing at two or three personalities.
 */
import type { PersonalityKey } from './personalities.ts';

export const QUIZ = {
  title: 'Gift Personality Quiz',
  description:
    'Answer twelve quick questions about the person you are shopping for and we will match them to the gift personalities that suit them best.',
};

type Answer = [text: string, personalities: PersonalityKey[]];

export const QUIZ_QUESTIONS: { text: string; answers: Answer[] }[] = [
  {
    text: 'How do they spend a free Saturday morning?',
    answers: [
      ['Out on a trail or pottering in the garden', ['natureUnleashed', 'personalFitness']],
      ['At the gym or on a long run', ['personalFitness', 'sportsCentral']],
      ['Fixing something around the house', ['buildersFixers', 'craftsPottery']],
      ['Cooking a slow breakfast for everyone', ['culinaryCrew', 'newParents']],
      ['Catching up on a series or a film', ['lightsCameraAction', 'animeFans']],
      ['Playing online with friends', ['gameMode', 'techSavvy']],
      ['Reading in bed with a coffee', ['storytellerCorner', 'dontNeedAnything']],
      ['Answering a few emails, just to get ahead', ['workaholic', 'techSavvy']],
    ],
  },
  {
    text: 'Which corner of the home feels most like theirs?',
    answers: [
      ['The kitchen, with something on the stove', ['culinaryCrew', 'drinkLab']],
      ['The garage or the workbench', ['buildersFixers', 'sportsCentral']],
      ['A desk with two monitors', ['workaholic', 'techSavvy', 'gameMode']],
      ['The sofa in front of a big screen', ['lightsCameraAction', 'gameMode']],
      ['A sunny windowsill full of plants', ['natureUnleashed', 'craftsPottery']],
      ['A craft table or an easel', ['artistDesigners', 'craftsPottery']],
      ['The bathroom shelf lined with products', ['beautySkinHair', 'dontNeedAnything']],
      ['Wherever the kids are playing', ['newParents', 'togetherWherever']],
    ],
  },
  {
    text: 'What do friends ask them for help with?',
    answers: [
      ['Recommending a good book or podcast', ['storytellerCorner', 'musicRoom']],
      ['Choosing a new laptop or phone', ['techSavvy', 'gameMode']],
      ['Planning a trip', ['worldExplorer', 'togetherWherever']],
      ['Putting up shelves or assembling furniture', ['buildersFixers', 'workaholic']],
      ['A training plan or a new sport', ['personalFitness', 'sportsCentral']],
      ['Hosting a dinner party', ['culinaryCrew', 'drinkLab', 'togetherWherever']],
      ['A skincare routine or a new haircut', ['beautySkinHair', 'artistDesigners']],
      ['Surviving the first months with a baby', ['newParents', 'dontNeedAnything']],
    ],
  },
  {
    text: 'What would they happily queue for?',
    answers: [
      ['Concert tickets', ['musicRoom', 'togetherWherever']],
      ['A new console on launch day', ['gameMode', 'techSavvy', 'animeFans']],
      ['A film premiere', ['lightsCameraAction', 'storytellerCorner']],
      ['A new restaurant or a famous street food stall', ['culinaryCrew', 'worldExplorer']],
      ['A beauty counter sample sale', ['beautySkinHair', 'artistDesigners']],
      ['A craft fair full of handmade things', ['craftsPottery', 'artistDesigners']],
      ['A cup final or a big match', ['sportsCentral', 'drinkLab']],
      ['Nothing at all: they would rather order online and stay in', ['dontNeedAnything', 'workaholic']],
    ],
  },
  {
    text: 'Which souvenir would they bring home from a trip?',
    answers: [
      ['A hand-thrown ceramic bowl', ['craftsPottery', 'culinaryCrew']],
      ['A record from a local record shop', ['musicRoom', 'storytellerCorner']],
      ['A bottle of the local wine or spirit', ['drinkLab', 'worldExplorer']],
      ["The local team's shirt", ['sportsCentral', 'worldExplorer']],
      ['A figure or manga from a specialist shop', ['animeFans', 'gameMode']],
      ['Sketches or photos they made themselves', ['artistDesigners', 'lightsCameraAction']],
      ['A smooth pebble or a pressed flower from a hike', ['natureUnleashed', 'worldExplorer']],
      ['Skincare from a local pharmacy', ['beautySkinHair', 'dontNeedAnything']],
    ],
  },
  {
    text: 'How would you describe their style?',
    answers: [
      ['Practical and rugged', ['buildersFixers', 'natureUnleashed']],
      ['Sporty, always in trainers', ['personalFitness', 'sportsCentral']],
      ['Polished and put-together', ['beautySkinHair', 'workaholic']],
      ['Cosy and comfortable', ['dontNeedAnything', 'storytellerCorner', 'newParents']],
      ['Colourful and artistic', ['artistDesigners', 'craftsPottery']],
      ['Fandom tees and enamel pins', ['animeFans', 'gameMode', 'lightsCameraAction']],
      ['Travel-ready layers', ['worldExplorer', 'natureUnleashed']],
      ['Dressed up for an evening out', ['togetherWherever', 'drinkLab', 'musicRoom']],
    ],
  },
  {
    text: 'What does their perfect evening look like?',
    answers: [
      ['A dinner party for six', ['culinaryCrew', 'drinkLab']],
      ['Date night, just the two of them', ['togetherWherever', 'drinkLab']],
      ['A movie marathon with snacks', ['lightsCameraAction', 'animeFans']],
      ['Live music in a small venue', ['musicRoom', 'togetherWherever']],
      ['A long bath and an early night', ['beautySkinHair', 'dontNeedAnything']],
      ['Late-night ranked matches', ['gameMode', 'techSavvy']],
      ['Working on a side project', ['workaholic', 'buildersFixers', 'artistDesigners']],
      ['Watching the game with friends', ['sportsCentral', 'drinkLab']],
    ],
  },
  {
    text: 'Which gadget would they actually use every day?',
    answers: [
      ['Noise-cancelling headphones', ['musicRoom', 'techSavvy', 'workaholic']],
      ['A smartwatch that counts every step', ['personalFitness', 'techSavvy']],
      ['A cordless drill', ['buildersFixers', 'workaholic']],
      ['A sous vide cooker or an air fryer', ['culinaryCrew', 'drinkLab']],
      ['A baby monitor with a night light', ['newParents', 'togetherWherever']],
      ['A portable projector', ['lightsCameraAction', 'togetherWherever']],
      ['An e-reader', ['storytellerCorner', 'worldExplorer']],
      ['A hair dryer brush', ['beautySkinHair', 'dontNeedAnything']],
    ],
  },
  {
    text: 'What would they buy first with a surprise bonus?',
    answers: [
      ['Plane tickets', ['worldExplorer', 'togetherWherever']],
      ['A new guitar or synthesiser', ['musicRoom', 'artistDesigners']],
      ['A premium gym membership', ['personalFitness', 'sportsCentral']],
      ['A set of power tools', ['buildersFixers', 'natureUnleashed']],
      ['A graphics tablet', ['artistDesigners', 'techSavvy', 'animeFans']],
      ['An espresso machine', ['drinkLab', 'culinaryCrew', 'workaholic']],
      ['A spa day', ['beautySkinHair', 'dontNeedAnything']],
      ['A better stroller and a night of babysitting', ['newParents', 'togetherWherever']],
    ],
  },
  {
    text: 'What do they binge when nobody is watching?',
    answers: [
      ['Cooking shows', ['culinaryCrew', 'drinkLab']],
      ['True crime podcasts', ['storytellerCorner', 'lightsCameraAction']],
      ['Anime series', ['animeFans', 'artistDesigners']],
      ['Travel vlogs', ['worldExplorer', 'natureUnleashed']],
      ['Business and productivity books', ['workaholic', 'storytellerCorner']],
      ['Makeup tutorials', ['beautySkinHair', 'artistDesigners']],
      ['Game streams', ['gameMode', 'animeFans']],
      ['Sports highlights', ['sportsCentral', 'personalFitness']],
    ],
  },
  {
    text: 'What do they say when you ask what they want?',
    answers: [
      ['"Honestly, I don\'t need anything"', ['dontNeedAnything', 'storytellerCorner']],
      ['"Something for the house"', ['buildersFixers', 'culinaryCrew']],
      ['"Just some time together"', ['togetherWherever', 'newParents']],
      ['"Anything for my setup"', ['techSavvy', 'gameMode', 'workaholic']],
      ['"A good book"', ['storytellerCorner', 'animeFans']],
      ['"Something to get me outdoors"', ['natureUnleashed', 'personalFitness', 'worldExplorer']],
      ['"Tickets to something"', ['musicRoom', 'lightsCameraAction', 'sportsCentral']],
      ['"Something handmade"', ['craftsPottery', 'artistDesigners']],
    ],
  },
  {
    text: 'Pick a weekend away for them.',
    answers: [
      ['A cabin in the woods', ['natureUnleashed', 'dontNeedAnything']],
      ['A city break full of galleries', ['artistDesigners', 'worldExplorer', 'storytellerCorner']],
      ['A wine country tour', ['drinkLab', 'togetherWherever', 'culinaryCrew']],
      ['A music festival', ['musicRoom', 'togetherWherever']],
      ['A ski trip or a surf camp', ['sportsCentral', 'personalFitness', 'worldExplorer']],
      ['A pottery or woodworking retreat', ['craftsPottery', 'buildersFixers']],
      ['A film festival or a comic convention', ['lightsCameraAction', 'animeFans']],
      ['A family resort with a kids’ club and a spa', ['newParents', 'beautySkinHair']],
    ],
  },
];
