/**
 * A strict reader of Prometheus's text exposition format (version 0.0.4), for tests: every line
 * must be a HELP, a TYPE or a sample of a declared family, label values unescaped, and a
 * histogram's +Inf bucket must equal its count. Throws on the first line it cannot read.
 */
export interface Sample {
  /** The sample's own name: `x`, or `x_bucket`, `x_sum`, `x_count` of a histogram `x`. */
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  samples: Sample[];
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const HELP = new RegExp(`^# HELP (${NAME}) (.*)$`);
const TYPE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`);
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\[\\"n])*)"\s*(,|$)/y;
const SUFFIXES: Record<string, string[]> = {
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const familyOf = (name: string) => {
    if (!families.has(name)) families.set(name, { name, help: '', type: 'untyped', samples: [] });
    return families.get(name) as Family;
  };
  for (const [index, line] of text.split('\n').entries()) {
    if (line === '') continue;
    const fail = (why: string) => new Error(`line ${index + 1}: ${why}: ${line}`);
    let m = HELP.exec(line);
    if (m) {
      familyOf(m[1] as string).help = m[2] as string;
      continue;
    }
    m = TYPE.exec(line);
    if (m) {
      familyOf(m[1] as string).type = m[2] as Family['type'];
      continue;
    }
    if (line.startsWith('#')) continue;
    m = SAMPLE.exec(line);
    if (!m) throw fail('not a sample');
    const [, name, rawLabels = '', rawValue] = m as unknown as [string, string, string | undefined, string];
    const value = rawValue === '+Inf' ? Infinity : rawValue === '-Inf' ? -Infinity : Number(rawValue);
    if (Number.isNaN(value) && !/^nan$/i.test(rawValue)) throw fail('not a number');
    const family = [...families.values()].find(
      (f) => name === f.name || (SUFFIXES[f.type] ?? []).some((s) => name === f.name + s),
    );
    if (!family) throw fail('a sample of no declared family');
    family.samples.push({ name, labels: parseLabels(rawLabels, fail), value });
  }
  for (const family of families.values()) if (family.type === 'histogram') checkHistogram(family);
  return families;
}

function parseLabels(raw: string, fail: (why: string) => Error): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < raw.length) {
    const m = LABEL.exec(raw);
    if (!m) throw fail('bad labels');
    labels[m[1] as string] = (m[2] as string).replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
  }
  return labels;
}

/** Per label set: buckets never decrease and the +Inf bucket is the count. */
function checkHistogram(family: Family): void {
  const key = (labels: Record<string, string>) =>
    JSON.stringify(
      Object.entries(labels)
        .filter(([k]) => k !== 'le')
        .sort(),
    );
  const counts = new Map(
    family.samples.filter((s) => s.name.endsWith('_count')).map((s) => [key(s.labels), s.value]),
  );
  const last = new Map<string, number>();
  for (const s of family.samples.filter((x) => x.name.endsWith('_bucket'))) {
    const k = key(s.labels);
    if (s.value < (last.get(k) ?? 0)) throw new Error(`${family.name}: bucket counts decrease for ${k}`);
    last.set(k, s.value);
    if (s.labels.le === '+Inf' && s.value !== counts.get(k)) {
      throw new Error(`${family.name}: +Inf bucket ${s.value} is not the count ${counts.get(k)} for ${k}`);
    }
  }
}
