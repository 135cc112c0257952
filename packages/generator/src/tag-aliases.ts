/**
 * Short tag names the reference service's documents use (`{adjective:+pos}`), each standing for a
 * tag of ours. An alias selects exactly the words of its tag (no data of its own) and exists in a
 * dictionary only where that tag does and no tag of the alias's own name is there.
 */
export const TAG_ALIASES: Readonly<Record<string, string>> = {
  pos: 'positive',
  neg: 'negative',
  neut: 'neutral',
  emo: 'emotional',
  det: 'detached',
  obj: 'objective',
};
