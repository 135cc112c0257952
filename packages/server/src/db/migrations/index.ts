import { sql as init } from './0001_init.js';
import { sql as generation } from './0002_generation.js';

/**
 * Every migration, in order. Applied ones are recorded by id and never edited: a change to the
 * schema is a new entry here (and the matching change in ../schema.ts).
 */
export const migrations: readonly { id: string; sql: string }[] = [
  { id: '0001_init', sql: init },
  { id: '0002_generation', sql: generation },
];
