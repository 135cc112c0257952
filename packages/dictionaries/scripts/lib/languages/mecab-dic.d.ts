export interface MecabEntry {
  surface: string;
  cost: number;
  feature: string[];
}
export function readMecabDictionary(path: string): MecabEntry[];
