import type { BundleWord, DictionaryBundle } from './bundle.js';

/**
 * A small built-in bundle for tests, examples and the CLI when `@slugsmith/dictionaries` is not
 * installed. The real product bundle lives in that package.
 */
function words(spec: Record<string, string>): BundleWord[] {
  const out: BundleWord[] = [];
  for (const [tags, list] of Object.entries(spec)) {
    const t = tags === '-' ? [] : tags.split(',');
    for (const word of list.trim().split(/\s+/)) out.push({ word, tags: t });
  }
  return out;
}

export const SAMPLE_BUNDLE: DictionaryBundle = {
  id: 'sample-1',
  version: '0.0.1',
  hash: 'sample',
  dictionaries: [
    {
      kind: 'adjective',
      language: 'en',
      words: words({
        '-': 'brave calm eager fancy gentle happy jolly kind lively merry nice proud quiet rapid silly witty bold bright clever cosy daring swift tidy vivid wise young ancient tiny grand',
        color: 'red blue green amber violet golden silver teal',
        'feeling,pos': 'cheerful hopeful joyful',
      }),
    },
    {
      kind: 'adverb',
      language: 'en',
      words: words({
        '-': 'boldly calmly gladly kindly loudly neatly quickly quietly rarely softly swiftly warmly wisely',
      }),
    },
    {
      kind: 'noun',
      language: 'en',
      words: words({
        animal: 'otter badger falcon heron lynx panda tiger walrus fox owl whale zebra',
        food: 'apple bagel cookie mango muffin noodle pepper waffle',
        plant: 'cedar fern maple moss oak tulip',
        artifact: 'anchor bridge candle lantern rocket teapot violin wagon',
        location: 'canyon harbor meadow valley',
        offensive: 'jerk',
      }),
    },
    {
      kind: 'verb',
      language: 'en',
      words: words({
        motion: 'dash drift glide hop jump roam run skip',
        '-': 'bake build carve dream forge paint sing weave',
      }),
    },
    { kind: 'suffix', language: null, words: words({ '-': 'ify ly io hub lab ster ware' }) },
    {
      kind: 'emoji',
      language: null,
      words: words({
        'smileys_emotion,face,happy': '😀 😃 😄 😁 😊',
        'smileys_emotion,face': '🤔 😎 🥳 😴',
        'animals_nature,animal': '🦊 🦉 🐳 🦓 🐼 🐯',
        'food_drink,food': '🍎 🥯 🍪 🥭',
        'travel_places,transport': '🚀 🚲',
        'people_body,hand,nsfw': '🖕',
      }),
    },
  ],
  tags: [
    { kind: 'adjective', tag: 'color', description: 'Colours', opt_in: false },
    { kind: 'adjective', tag: 'feeling', description: 'Feelings and moods', opt_in: false },
    { kind: 'adjective', tag: 'pos', description: 'Positive words', opt_in: false },
    { kind: 'noun', tag: 'animal', description: 'Animals', opt_in: false },
    { kind: 'noun', tag: 'food', description: 'Food and drink', opt_in: false },
    { kind: 'noun', tag: 'plant', description: 'Plants', opt_in: false },
    { kind: 'noun', tag: 'artifact', description: 'Things people make', opt_in: false },
    { kind: 'noun', tag: 'location', description: 'Places', opt_in: false },
    { kind: 'noun', tag: 'offensive', description: 'Offensive words (opt-in)', opt_in: true },
    { kind: 'verb', tag: 'motion', description: 'Moving', opt_in: false },
    { kind: 'emoji', tag: 'smileys_emotion', description: 'Smileys and emotion', opt_in: false },
    { kind: 'emoji', tag: 'face', description: 'Faces', opt_in: false },
    { kind: 'emoji', tag: 'happy', description: 'Happy', opt_in: false },
    { kind: 'emoji', tag: 'animals_nature', description: 'Animals and nature', opt_in: false },
    { kind: 'emoji', tag: 'animal', description: 'Animals', opt_in: false },
    { kind: 'emoji', tag: 'food_drink', description: 'Food and drink', opt_in: false },
    { kind: 'emoji', tag: 'food', description: 'Food', opt_in: false },
    { kind: 'emoji', tag: 'travel_places', description: 'Travel and places', opt_in: false },
    { kind: 'emoji', tag: 'transport', description: 'Transport', opt_in: false },
    { kind: 'emoji', tag: 'people_body', description: 'People and body', opt_in: false },
    { kind: 'emoji', tag: 'hand', description: 'Hands', opt_in: false },
    { kind: 'emoji', tag: 'nsfw', description: 'Not safe for work (opt-in)', opt_in: true },
  ],
};
