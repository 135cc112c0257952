/** A pattern that cannot be parsed or compiled. Offsets are UTF-16 indices into the pattern. */
export class PatternError extends Error {
  override readonly name = 'PatternError';
  constructor(
    message: string,
    /** First offending offset (inclusive). */
    readonly start: number,
    /** End of the offending span (exclusive); equals `start` for a position between characters. */
    readonly end: number,
    /** Tokens that would have been valid at `start`, for editors. */
    readonly expected: string[] = [],
  ) {
    super(message);
  }
}

/** A sequence position at or beyond the pattern's capacity (generator.md G4): never a wrap-around. */
export class SequenceExhausted extends Error {
  override readonly name = 'SequenceExhausted';
  constructor(
    readonly sequence: bigint,
    readonly capacity: bigint,
  ) {
    super(`Sequence ${sequence} is beyond the capacity ${capacity} of this pattern`);
  }
}

/** An invalid argument to the generator (count, sequence, seed, bundle). */
export class GeneratorError extends Error {
  override readonly name = 'GeneratorError';
}
