import { AGREEMENT_RULES, type Agreement, type AgreementRule } from './agreement-rules.js';
import { applyMask, maskedMaxBytes } from './casing.js';
import type { Component } from './components.js';
import { GeneratorError } from './errors.js';
import { mix32 } from './hash.js';
import { utf8Length } from './text.js';

/** A placeholder's own mask inside a group, from the group's mask. */
const memberMask = (mask: number, k: number) => mix32(mask ^ Math.imul(k + 1, 0x85ebca77));

/** The noun an adjective at `i` agrees with, or −1 (walking over adjacent adjectives of its language). */
function nounFor(agreements: (Agreement | undefined)[], i: number, rule: AgreementRule): number {
  const language = agreements[i]?.language;
  const walk = (step: number): number => {
    for (let j = i + step; j >= 0 && j < agreements.length; j += step) {
      const a = agreements[j];
      if (!a || a.language !== language) return -1;
      if (a.role === 'noun') return j;
    }
    return -1;
  };
  const first = rule.prefer === 'next' ? 1 : -1;
  const found = walk(first);
  return found >= 0 || rule.preferredOnly ? found : walk(-first);
}

export interface AgreedPattern {
  components: Component[];
  /** Text around the components: `chunks[k]` before component k, the last after the last. */
  chunks: string[];
  /** A label per component (equal labels with equal text around share baked lists). */
  labels: string[];
}

/**
 * Joins each noun and the adjectives that agree with it into one component whose limbs are the
 * members' values (so the capacity and the order of the mixed radix are what they were), and
 * whose rendering puts each adjective in the form of the noun's gender. Patterns without agreeing
 * neighbours come back as they were.
 */
export function agreeNeighbours(components: Component[], chunks: string[], labels: string[]): AgreedPattern {
  const agreements = components.map((c) => (c.shape === 'value' ? c.agreement : undefined));
  const nounOf = agreements.map((a, i) => {
    const rule = a && AGREEMENT_RULES[a.language];
    return rule && a.role === 'adjective' ? nounFor(agreements, i, rule) : -1;
  });
  if (nounOf.every((n) => n < 0)) return { components, chunks, labels };
  const out: AgreedPattern = { components: [], chunks: [chunks[0]], labels: [] };
  for (let i = 0; i < components.length; ) {
    const noun = nounOf[i] >= 0 ? nounOf[i] : nounOf.includes(i) ? i : -1;
    if (noun < 0) {
      out.components.push(components[i]);
      out.labels.push(labels[i]);
      out.chunks.push(chunks[i + 1]);
      i++;
      continue;
    }
    let end = i;
    while (end + 1 < components.length && (nounOf[end + 1] === noun || end + 1 === noun)) end++;
    out.components.push(group(components, chunks, i, end, noun));
    out.labels.push(labels.slice(i, end + 1).join(' '));
    out.chunks.push(chunks[end + 1]);
    i = end + 1;
  }
  return out;
}

/** Members first…last (a noun and its adjectives) as one component with a limb per member. */
function group(
  components: Component[],
  chunks: string[],
  first: number,
  last: number,
  noun: number,
): Component {
  const members = components.slice(first, last + 1);
  const inner = chunks.slice(first + 1, last + 1);
  const nounComponent = components[noun] as Extract<Component, { shape: 'value' }>;
  const gender = (nounComponent.agreement as Extract<Agreement, { role: 'noun' }>).gender;
  const nounAt = noun - first;
  const limbs = members.map((c) => {
    if (c.shape !== 'value' || c.size > 2n ** 31n - 1n) throw new GeneratorError('word-list-too-large');
    return Number(c.size);
  });
  const forms = members.map((c) =>
    c.shape === 'value' && c.agreement?.role === 'adjective' ? c.agreement : null,
  );
  // Forms and the text after them are joined once, per gender (the common two-word group then
  // costs two lookups and one concatenation per slug).
  const affixed = forms.map((f, k) =>
    f && !f.mixed ? f.forms.map((row) => row.map((w) => w + (inner[k] ?? ''))) : null,
  );
  const textBytes = inner.reduce((a, t) => a + utf8Length(t), 0);
  // Exact longest slug part: per gender, the longest noun of that gender and the longest forms.
  const nounBytes = new Map<number, number>();
  const nounList = nounComponent.list?.();
  for (let v = 0; v < gender.length; v++) {
    // A noun without a list is in mixed case: its widest rendering under any mask counts.
    const bytes = nounList ? utf8Length(nounList[v]) : maskedMaxBytes(nounComponent.render(v, 0));
    if (bytes > (nounBytes.get(gender[v]) ?? -1)) nounBytes.set(gender[v], bytes);
  }
  let maxBytes = 0;
  for (const [g, bytes] of nounBytes) {
    let total = textBytes + bytes;
    members.forEach((c, k) => {
      if (k === nounAt) return;
      total += forms[k] ? forms[k].maxBytes[g] : c.maxBytes;
    });
    maxBytes = Math.max(maxBytes, total);
  }
  if (nounBytes.size === 0) maxBytes = members.reduce((a, c) => a + c.maxBytes, textBytes);
  const two = members.length === 2 && affixed[0] !== null && nounAt === 1 && nounComponent.list !== undefined;
  const nounWords = two ? (nounComponent.list as () => string[])() : null;
  return {
    shape: 'digits',
    size: members.reduce((a, c) => a * c.size, 1n),
    limbs,
    maxBytes,
    // Joins were checked on the members before grouping (the adjective's outputs include every form).
    join: (members[0] as Extract<Component, { shape: 'value' }>).join,
    render(x, off, mask = 0) {
      const g = gender[x[off + nounAt]];
      if (nounWords !== null) return (affixed[0] as string[][])[g][x[off]] + nounWords[x[off + 1]];
      let out = '';
      for (let k = 0; k < members.length; k++) {
        const v = x[off + k];
        const f = forms[k];
        const m = memberMask(mask, k);
        const a = affixed[k];
        if (a) {
          out += a[g][v];
          continue;
        }
        if (f) out += applyMask(f.forms[g][v], m);
        else out += (members[k] as Extract<Component, { shape: 'value' }>).render(v, m);
        out += inner[k] ?? '';
      }
      return out;
    },
  };
}
