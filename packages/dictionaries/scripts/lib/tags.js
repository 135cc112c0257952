// Tag names and their human descriptions.

/** WordNet lexicographer file -> tag (per kind) and description. Adverbs carry no category tag. */
export const LEXNAME_TAGS = {
  'adj.all': ['descriptive', 'Describes a quality (big, calm, quick)'],
  'adj.pert': ['relational', 'Means "relating to" a noun (atomic, coastal, musical)'],
  'adj.ppl': ['participle', 'Formed from a verb (broken, smiling, hidden)'],
  'noun.Tops': ['concept', 'Very general concepts (entity, thing, object)'],
  'noun.act': ['act', 'Acts and actions (jump, rescue, dance)'],
  // noun.animal and noun.plant also hold parts (gill, hoof, twig); `animal` and `plant` come from
  // the hypernym anchors below instead, so only whole organisms carry them.
  'noun.animal': null,
  'noun.artifact': ['artifact', 'Things people make (lamp, bridge, kettle)'],
  'noun.attribute': ['attribute', 'Qualities and properties (speed, warmth, colour)'],
  'noun.body': ['body', 'Parts of the body (hand, heart, elbow)'],
  'noun.cognition': ['cognition', 'Thinking and knowledge (idea, logic, memory)'],
  'noun.communication': ['communication', 'Communication (story, song, signal)'],
  'noun.event': ['event', 'Events and happenings (party, storm, victory)'],
  'noun.feeling': ['feeling', 'Feelings and emotions (joy, calm, wonder)'],
  'noun.food': ['food', 'Food and drink (apple, bread, cocoa)'],
  'noun.group': ['group', 'Groups and collections (team, flock, club)'],
  'noun.location': ['location', 'Places (harbor, valley, city)'],
  'noun.motive': ['motive', 'Goals and reasons (motive, incentive)'],
  'noun.object': ['object', 'Natural objects (rock, river, planet)'],
  'noun.person': ['person', 'People and roles (pilot, baker, friend)'],
  'noun.phenomenon': ['phenomenon', 'Natural phenomena (light, thunder, gravity)'],
  'noun.plant': null,
  'noun.possession': ['possession', 'Ownership and money (gift, coin, treasure)'],
  'noun.process': ['process', 'Natural processes (growth, erosion)'],
  'noun.quantity': ['quantity', 'Amounts and units (dozen, mile, ounce)'],
  'noun.relation': ['relation', 'Relations between things (part, link)'],
  'noun.shape': ['shape', 'Shapes (circle, spiral, arch)'],
  'noun.state': ['state', 'States and conditions (peace, health, chaos)'],
  'noun.substance': ['substance', 'Substances and materials (iron, water, silk)'],
  'noun.time': ['time', 'Time and periods (dawn, season, decade)'],
  'verb.body': ['body', 'Bodily actions (breathe, yawn, sleep)'],
  'verb.change': ['change', 'Change (grow, melt, shrink)'],
  'verb.cognition': ['cognition', 'Thinking (know, guess, learn)'],
  'verb.communication': ['communication', 'Communicating (say, sing, whisper)'],
  'verb.competition': ['competition', 'Competing and fighting (win, race, defend)'],
  'verb.consumption': ['consumption', 'Eating, drinking, using (eat, sip, spend)'],
  'verb.contact': ['contact', 'Touching and handling (hold, push, tie)'],
  'verb.creation': ['creation', 'Making things (build, paint, bake)'],
  'verb.emotion': ['emotion', 'Feeling (love, fear, enjoy)'],
  'verb.motion': ['motion', 'Moving (run, fly, drift)'],
  'verb.perception': ['perception', 'Perceiving (see, hear, smell)'],
  'verb.possession': ['possession', 'Having and transferring (give, buy, keep)'],
  'verb.social': ['social', 'Social life (meet, vote, marry)'],
  'verb.stative': ['stative', 'Being and having (be, belong, remain)'],
  'verb.weather': ['weather', 'Weather (rain, snow, thunder)'],
};

/**
 * Finer noun tags from WordNet hypernyms: a noun gets the tag when one of its tagged senses lies
 * under the anchor synset (the first sense of `lemma` in `lexname`).
 */
export const HYPERNYM_TAGS = [
  { tag: 'animal', anchors: [['animal', 'noun.Tops']], description: 'Animals (otter, falcon, beetle)' },
  { tag: 'plant', anchors: [['plant', 'noun.Tops']], description: 'Plants (fern, maple, tulip)' },
  { tag: 'mammal', anchors: [['mammal', 'noun.animal']], description: 'Mammals (otter, tiger, whale)' },
  { tag: 'bird', anchors: [['bird', 'noun.animal']], description: 'Birds (robin, owl, heron)' },
  { tag: 'fish', anchors: [['fish', 'noun.animal']], description: 'Fish (trout, salmon, shark)' },
  { tag: 'insect', anchors: [['insect', 'noun.animal']], description: 'Insects (bee, beetle, moth)' },
  { tag: 'reptile', anchors: [['reptile', 'noun.animal']], description: 'Reptiles (lizard, turtle, cobra)' },
  { tag: 'tree', anchors: [['tree', 'noun.plant']], description: 'Trees (oak, maple, willow)' },
  { tag: 'flower', anchors: [['flower', 'noun.plant']], description: 'Flowers (daisy, orchid, poppy)' },
  { tag: 'fruit', anchors: [['edible_fruit', 'noun.food']], description: 'Fruit (apple, mango, cherry)' },
  { tag: 'vegetable', anchors: [['vegetable', 'noun.food']], description: 'Vegetables (carrot, leek, pea)' },
  { tag: 'beverage', anchors: [['beverage', 'noun.food']], description: 'Drinks (coffee, cider, tea)' },
  { tag: 'dessert', anchors: [['dessert', 'noun.food']], description: 'Desserts (pudding, sorbet, pie)' },
  { tag: 'herb', anchors: [['herb', 'noun.food']], description: 'Culinary herbs (basil, thyme, sage)' },
  {
    tag: 'vehicle',
    anchors: [['vehicle', 'noun.artifact']],
    description: 'Vehicles (bicycle, wagon, rocket)',
  },
  {
    tag: 'boat',
    anchors: [
      ['vessel', 'noun.artifact'],
      ['boat', 'noun.artifact'],
    ],
    description: 'Boats and ships (canoe, yacht, ferry)',
  },
  {
    tag: 'instrument',
    anchors: [['musical_instrument', 'noun.artifact']],
    description: 'Musical instruments (flute, piano, drum)',
  },
  { tag: 'tool', anchors: [['tool', 'noun.artifact']], description: 'Tools (hammer, chisel, wrench)' },
  {
    tag: 'building',
    anchors: [['building', 'noun.artifact']],
    description: 'Buildings (tower, barn, castle)',
  },
  {
    tag: 'furniture',
    anchors: [['furniture', 'noun.artifact']],
    description: 'Furniture (table, sofa, shelf)',
  },
  {
    tag: 'clothing',
    anchors: [['clothing', 'noun.artifact']],
    description: 'Clothing (jacket, scarf, boot)',
  },
  { tag: 'fabric', anchors: [['fabric', 'noun.artifact']], description: 'Fabrics (denim, velvet, linen)' },
  {
    tag: 'container',
    anchors: [['container', 'noun.artifact']],
    description: 'Containers (bottle, basket, jar)',
  },
  {
    tag: 'gem',
    anchors: [
      ['gemstone', 'noun.substance'],
      ['precious_stone', 'noun.artifact'],
    ],
    description: 'Gems (ruby, opal, pearl)',
  },
  { tag: 'metal', anchors: [['metal', 'noun.substance']], description: 'Metals (copper, iron, silver)' },
  { tag: 'mineral', anchors: [['mineral', 'noun.substance']], description: 'Minerals (quartz, mica, talc)' },
  {
    tag: 'color',
    anchors: [
      ['chromatic_color', 'noun.attribute'],
      ['achromatic_color', 'noun.attribute'],
    ],
    description: 'Colours (crimson, teal, amber)',
  },
  { tag: 'sport', anchors: [['sport', 'noun.act']], description: 'Sports (tennis, rowing, polo)' },
  { tag: 'dance', anchors: [['dance', 'noun.act']], description: 'Dances (waltz, tango, jig)' },
  {
    tag: 'landform',
    anchors: [['geological_formation', 'noun.object']],
    description: 'Landforms (hill, canyon, beach)',
  },
  {
    tag: 'water',
    anchors: [['body_of_water', 'noun.object']],
    description: 'Bodies of water (lake, river, bay)',
  },
  {
    tag: 'weather',
    anchors: [['atmospheric_phenomenon', 'noun.phenomenon']],
    description: 'Weather (storm, breeze, fog)',
  },
  // Bundle 2.3.0: the category tags of the reference service's documents (issue 32).
  {
    tag: 'object',
    anchors: [['object', 'noun.Tops']],
    description: 'Physical things: objects, living beings and places (rock, lamp, otter)',
  },
  {
    tag: 'event',
    anchors: [['event', 'noun.Tops']],
    description: 'Events, happenings and acts (meeting, launch, storm)',
  },
  { tag: 'device', anchors: [['device', 'noun.artifact']], description: 'Devices (router, lever, camera)' },
  { tag: 'machine', anchors: [['machine', 'noun.artifact']], description: 'Machines (engine, lathe, pump)' },
  { tag: 'activity', anchors: [['activity', 'noun.act']], description: 'Activities (testing, hiking, work)' },
  {
    tag: 'material',
    anchors: [['material', 'noun.substance']],
    description: 'Materials (steel, clay, paper)',
  },
  { tag: 'drink', anchors: [['beverage', 'noun.food']], description: 'Drinks (coffee, juice, tea)' },
  {
    tag: 'currency',
    anchors: [
      ['currency', 'noun.possession'],
      ['monetary_unit', 'noun.quantity'],
    ],
    description: 'Money and currencies (dollar, euro, coin)',
  },
  {
    tag: 'fantasy',
    anchors: [
      ['imaginary_being', 'noun.person'],
      ['spiritual_being', 'noun.person'],
    ],
    description: 'Beings of myth and fantasy (dragon, elf, giant)',
  },
  {
    tag: 'content',
    anchors: [
      ['content', 'noun.communication'],
      ['written_communication', 'noun.communication'],
    ],
    description: 'Content and messages (article, letter, story)',
  },
  {
    tag: 'information',
    anchors: [
      ['information', 'noun.communication'],
      ['information', 'noun.cognition'],
    ],
    description: 'Information and data (fact, record, news)',
  },
  {
    tag: 'concept',
    anchors: [['concept', 'noun.cognition']],
    description: 'Concepts and abstract ideas (theory, principle, entity)',
  },
  {
    tag: 'idea',
    anchors: [['idea', 'noun.cognition']],
    description: 'Ideas and thoughts (notion, plan, theme)',
  },
  { tag: 'emotion', anchors: [['emotion', 'noun.feeling']], description: 'Emotions (joy, anger, awe)' },
  {
    tag: 'music',
    anchors: [
      ['music', 'noun.communication'],
      ['musical_composition', 'noun.communication'],
    ],
    description: 'Music (song, melody, rhythm)',
  },
  {
    tag: 'art',
    anchors: [
      ['art', 'noun.artifact'],
      ['art', 'noun.act'],
    ],
    description: 'Art and its works (painting, sculpture, mosaic)',
  },
  { tag: 'action', anchors: [['action', 'noun.act']], description: 'Actions (rescue, launch, attack)' },
  {
    tag: 'creation',
    anchors: [['creation', 'noun.artifact']],
    description: 'Things made by someone (product, design, poem)',
  },
  {
    tag: 'unit',
    anchors: [['unit_of_measurement', 'noun.quantity']],
    description: 'Units of measurement (meter, gram, byte)',
  },
  {
    tag: 'number',
    anchors: [['number', 'noun.quantity']],
    description: 'Numbers and numeric concepts (seven, dozen, total)',
  },
  {
    tag: 'chemical',
    anchors: [['chemical', 'noun.substance']],
    description: 'Chemicals (acid, oxide, ammonia)',
  },
  {
    tag: 'drug',
    anchors: [['drug', 'noun.artifact']],
    description: 'Drugs and medicines (aspirin, tonic, dose)',
  },
  {
    tag: 'surface',
    anchors: [
      ['surface', 'noun.artifact'],
      ['surface', 'noun.location'],
    ],
    description: 'Surfaces (floor, face, deck)',
  },
  {
    tag: 'situation',
    anchors: [['situation', 'noun.state']],
    description: 'Situations and circumstances (crisis, plight, status)',
  },
  { tag: 'shop', anchors: [['shop', 'noun.artifact']], description: 'Shops (bakery, boutique, pharmacy)' },
];

/**
 * Verb category tags from WordNet hypernyms (bundle 2.3.0): a verb gets the tag when one of its
 * tagged senses lies under the anchor synset (a troponym of "travel", "give", …); `depth` keeps the
 * broad anchors to their direct troponyms, as narrow as the reference service's tags.
 */
export const VERB_HYPERNYM_TAGS = [
  { tag: 'act', anchors: [['act', 'verb.social']], description: 'Acting and doing (perform, try, work)' },
  {
    tag: 'travel',
    anchors: [['travel', 'verb.motion']],
    description: 'Travelling and moving (walk, fly, roam)',
  },
  { tag: 'be', anchors: [['be', 'verb.stative']], description: 'Being (exist, remain, equal)' },
  { tag: 'have', anchors: [['have', 'verb.possession']], description: 'Having (own, hold, keep)' },
  {
    tag: 'make',
    depth: 1,
    anchors: [['make', 'verb.creation']],
    description: 'Making (build, produce, brew)',
  },
  {
    tag: 'create',
    depth: 0,
    anchors: [['create', 'verb.creation']],
    description: 'Creating (design, invent, compose)',
  },
  {
    tag: 'become',
    depth: 1,
    anchors: [['become', 'verb.change']],
    description: 'Becoming (grow, turn, mature)',
  },
  {
    tag: 'destroy',
    anchors: [['destroy', 'verb.creation']],
    description: 'Destroying (wreck, erase, demolish)',
  },
  { tag: 'take', depth: 1, anchors: [['take', 'verb.contact']], description: 'Taking (grab, seize, pick)' },
  {
    tag: 'give',
    depth: 1,
    anchors: [['give', 'verb.possession']],
    description: 'Giving (offer, donate, lend)',
  },
  {
    tag: 'imagine',
    anchors: [['imagine', 'verb.creation']],
    description: 'Imagining (dream, fancy, envision)',
  },
];

export const COLOR_ADJECTIVE_DESCRIPTION = 'Colours (crimson, teal, amber)';

/** Number words (cardinals and ordinals) get the `number` tag, so patterns can leave them out. */
export const NUMBER_WORD =
  /^(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\w+teen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|trillion|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|\w+teenth|\w+tieth|hundredth|thousandth|millionth|billionth|trillionth)$/;
export const NUMBER_DESCRIPTION = 'Numbers and ordinals (seven, third, fiftieth)';

export const SUFFIX_TAGS = {
  verbish: 'Endings that make a word an action (-ify, -ize)',
  classic: 'Ordinary English endings (-ly, -ster, -ful)',
  tech: 'Software and start-up endings (-io, -hub, -lab)',
  place: 'Town and realm endings (-ville, -land, -verse)',
  latinate: 'Latin and Greek flavoured endings (-ia, -ium, -ex)',
  playful: 'Playful endings (-oo, -zy)',
};

/** Position tags of the `domain` dictionary; its other tags name a top-level domain. */
export const DOMAIN_TAGS = {
  tld: 'Top-level domains (com, org, io)',
  sld: 'Labels right below a top-level domain (co of co.uk, github of github.io)',
  sub: 'Labels further down a registry suffix (s3, blogspot, city)',
};

/** Description of a tag the domain or shell list derives from its source. */
export function listTagDescription(kind, tag) {
  if (kind === 'domain') return `Labels under the .${tag} top-level domain, and ${tag} itself`;
  if (kind === 'shell') return `Tools of Debian's ${tag} section`;
  return undefined;
}

export const OPT_IN_TAGS = {
  offensive:
    'Profanity, sexual, crude, violent or insulting words; only used when a pattern asks for +offensive',
  sensitive:
    'Identity, health, disability and religion words that read badly in random combinations; only with +sensitive',
  nsfw: 'Emoji that are crude, sexual or about drugs and violence; only used when a pattern asks for +nsfw',
};

/** Normalises free text to a tag name `[a-z0-9_]+` (accents dropped); '' when nothing is left. */
export function normalizeTag(text) {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}
