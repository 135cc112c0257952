// Sensitive topics: opt-in tags for words that read badly in an identifier ("interesting-bomb",
// "deviant-cancer"). A noun or verb gets a topic when one of its tagged senses lies under an anchor
// synset (WordNet hypernyms); an adjective or adverb when one of its senses is derived from, or
// pertains to, a noun or verb sense of that topic. lists/topics.txt adds reviewed words the
// hierarchy misses; lists/topics-allow.txt takes back harmless ones. Adjectives and adverbs take
// topics from their main sense only: "blue" is sad in a minor sense, a colour in its main one.

/**
 * Anchors are `lemma.lexfile`: every sense of the lemma in that lexicographer file (noun.act,
 * verb.contact, …), so "fight.act" covers both the battle and the brawl.
 */
export const TOPICS = [
  {
    tag: 'violence',
    description: 'Violence and fighting (attack, assault, war); opt-in: only with +violence',
    noun: [
      'violence.act',
      'attack.act',
      'killing.act',
      'killing.event',
      'fight.act',
      'war.act',
      'military_action.act',
      'torture.state',
      'assault.act',
      'aggression.act',
      'cruelty.act',
      'maltreatment.act',
      'destruction.act',
      'terror.act',
      'injury.event',
      'wound.act',
    ],
    verb: [
      'kill.contact',
      'attack.competition',
      'injure.body',
      'fight.competition',
      'torture.body',
      'murder.social',
      'harm.body',
      'abuse.social',
      'execute.social',
      'shoot.social',
      'stab.contact',
      'strangle.contact',
      'beat.contact',
      'threaten.communication',
    ],
  },
  {
    tag: 'weapon',
    description: 'Weapons and ammunition (sword, bomb, cannon); opt-in: only with +weapon',
    noun: ['weapon.artifact', 'weaponry.artifact', 'ammunition.artifact', 'explosive_device.artifact'],
    verb: [],
  },
  {
    tag: 'death',
    description: 'Death, killing and burial (corpse, funeral, grave); opt-in: only with +death',
    noun: [
      'death.event',
      'death.state',
      'death.phenomenon',
      'dead_body.body',
      'funeral.event',
      'burial.event',
      'grave.artifact',
      'coffin.artifact',
      'cemetery.location',
    ],
    verb: ['die.change', 'mourn.emotion'],
  },
  {
    tag: 'disease',
    description: 'Disease, injury and medical distress (cancer, fever, wound); opt-in: only with +disease',
    noun: [
      'disease.state',
      'illness.state',
      'ill_health.state',
      'symptom.state',
      'injury.state',
      'disorder.state',
      'pain.state',
      'wound.state',
      'infection.state',
      'tumor.state',
      'pathology.state',
      'body_waste.substance',
      'vomit.act',
    ],
    verb: ['bleed.body', 'vomit.body', 'excrete.body', 'infect.body', 'sicken.body'],
  },
  {
    tag: 'crime',
    description: 'Crime, criminals and prisons (theft, fraud, jail); opt-in: only with +crime',
    noun: [
      'crime.act',
      'wrongdoing.act',
      'criminal.person',
      'wrongdoer.person',
      'correctional_institution.artifact',
      'prisoner.person',
      'theft.act',
      'fraud.act',
      'deception.act',
    ],
    verb: ['steal.possession', 'rob.possession', 'victimize.social', 'cheat.social', 'deceive.social'],
  },
  {
    tag: 'drugs',
    description: 'Drugs of abuse and addiction (narcotic, opium, addict); opt-in: only with +drugs',
    noun: ['drug_of_abuse.artifact', 'narcotic.artifact', 'hallucinogen.artifact', 'addiction.state'],
    verb: [],
  },
  {
    tag: 'sexual',
    description: 'Sex and sexual anatomy (erotic, lust, brothel); opt-in: only with +sexual',
    noun: [
      'sexual_activity.act',
      'sex_organ.body',
      'genitalia.body',
      'sexual_desire.feeling',
      'prostitute.person',
      'pornography.act',
    ],
    verb: ['copulate.contact'],
  },
  {
    tag: 'hate',
    description: 'Hatred, prejudice and bigotry (racist, bigot, contempt); opt-in: only with +hate',
    noun: [
      'hate.feeling',
      'prejudice.cognition',
      'bigot.person',
      'racism.cognition',
      'racism.act',
      'intolerance.cognition',
      'contempt.feeling',
    ],
    verb: ['hate.emotion'],
  },
  {
    tag: 'insult',
    description:
      'Insults and contemptuous words for people (fool, coward, misfit); opt-in: only with +insult',
    noun: [
      'bad_person.person',
      'unpleasant_person.person',
      'simpleton.person',
      'fool.person',
      'weakling.person',
      'coward.person',
      'misfit.person',
      'insult.communication',
      'insult.act',
      'disparagement.communication',
    ],
    verb: ['insult.communication', 'disparage.communication'],
  },
  {
    tag: 'misery',
    description: 'Misery, grief and fear (despair, sorrow, dread); opt-in: only with +misery',
    noun: [
      'sadness.feeling',
      'sadness.state',
      'unhappiness.state',
      'misery.state',
      'misery.feeling',
      'suffering.state',
      'suffering.feeling',
      'distress.feeling',
      'depression.state',
      'fear.feeling',
      'anxiety.state',
      'anxiety.feeling',
      'grief.feeling',
      'misfortune.event',
      'misfortune.state',
      'adversity.state',
      'poverty.state',
      'despair.state',
      'despair.feeling',
      'loneliness.feeling',
      'guilt.feeling',
      'anger.feeling',
      'unpleasantness.feeling',
    ],
    verb: ['suffer.emotion', 'weep.body', 'despair.emotion', 'frighten.emotion'],
  },
  {
    tag: 'religion',
    description: 'Religion and worship (prayer, clergy, deity); opt-in: only with +religion',
    noun: [
      'religion.cognition',
      'religion.group',
      'religious_person.person',
      'clergyman.person',
      'deity.person',
      'spiritual_leader.person',
      'place_of_worship.artifact',
      'religious_ceremony.act',
      'scripture.communication',
    ],
    verb: ['pray.communication', 'worship.stative'],
  },
  {
    tag: 'politics',
    description: 'Politics and ideologies (politician, party, doctrine); opt-in: only with +politics',
    noun: ['politician.person', 'political_party.group', 'political_orientation.cognition'],
    verb: [],
  },
];

export const TOPIC_TAGS = TOPICS.map((t) => t.tag);

const PART_OF = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };

/** Offsets of the anchor synsets of `pos`, with their topic tags. Throws on an unknown anchor. */
function resolveAnchors(wn, pos) {
  const { index, data } = wn.parts[pos];
  /** @type {Map<string, string[]>} */
  const anchors = new Map();
  for (const topic of TOPICS) {
    for (const anchor of topic[pos]) {
      const [lemma, file] = anchor.split('.');
      const offsets = (index.get(lemma) ?? []).filter((o) => data.get(o).lexname === `${pos}.${file}`);
      if (offsets.length === 0) throw new Error(`topic anchor not found: ${anchor} (${pos})`);
      for (const o of offsets) anchors.set(o, [...(anchors.get(o) ?? []), topic.tag]);
    }
  }
  return anchors;
}

/**
 * `topicsOf(pos, offset)`: the topic tags of a noun or verb synset, inherited from its hypernyms.
 * `derivedTopics(pos, sense, lemma)`: those of an adjective or adverb sense, taken from the noun and
 * verb senses it is derived from or pertains to ("murderous" -> "murder"; an adverb through its
 * adjective). WordNet links synsets, so only targets holding a word with the lemma's stem count:
 * "red" is linked to "redness" but also, through one synset, to unrelated synonyms.
 */
export function makeTopicTagger(wn) {
  const anchors = { noun: resolveAnchors(wn, 'noun'), verb: resolveAnchors(wn, 'verb') };
  const memo = { noun: new Map(), verb: new Map() };
  const topicsOf = (pos, offset) => {
    const cache = memo[pos];
    const cached = cache.get(offset);
    if (cached) return cached;
    cache.set(offset, new Set()); // guards against cycles
    const tags = new Set(anchors[pos].get(offset) ?? []);
    for (const parent of wn.parts[pos].data.get(offset).hypernyms)
      for (const t of topicsOf(pos, parent)) tags.add(t);
    cache.set(offset, tags);
    return tags;
  };
  const derivedTopics = (pos, sense, lemma) => {
    const stem = lemma.slice(0, 4);
    const tags = new Set();
    for (const [symbol, offset, p] of sense.related) {
      if (symbol !== '+' && symbol !== '\\') continue;
      const targetPos = PART_OF[p];
      const target = wn.parts[targetPos].data.get(offset);
      if (!target.words.some((w) => w.startsWith(stem))) continue;
      const found =
        targetPos === 'noun' || targetPos === 'verb'
          ? topicsOf(targetPos, offset)
          : pos === 'adv' && targetPos === 'adj'
            ? derivedTopics('adj', target, lemma)
            : new Set();
      for (const t of found) tags.add(t);
    }
    return tags;
  };
  return { topicsOf, derivedTopics };
}
