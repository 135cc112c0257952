import type { RawExec } from '../db/connect.js';

/** What the data copy needs to know of the current schema: its tables, their links, its sequences. */
export interface Catalogue {
  /** Data tables, parents before children (a cycle is broken where it closes). */
  tables: string[];
  /** Foreign keys whose parent does not come strictly before the child (cycles, self-references). */
  backEdges: { table: string; constraint: string }[];
  /** Tables with triggers of our own (e.g. a new organisation's free subscription). */
  triggered: string[];
  sequences: string[];
}

/** The migration bookkeeping is written by the migrations themselves, never copied. */
const BOOKKEEPING = 'schema_migrations';

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export async function readCatalogue(exec: RawExec): Promise<Catalogue> {
  const names = (sql: string) => exec(sql, []).then((rows) => rows.map((r) => String(r.name)));
  const all = await names(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
  );
  const links = await exec(
    `SELECT child.relname AS child, parent.relname AS parent, con.conname AS constraint
     FROM pg_constraint con
     JOIN pg_class child ON child.oid = con.conrelid
     JOIN pg_class parent ON parent.oid = con.confrelid
     JOIN pg_namespace n ON n.oid = con.connamespace
     WHERE con.contype = 'f' AND n.nspname = current_schema()
     ORDER BY child.relname, con.conname`,
    [],
  );
  const tables = dependencyOrder(
    all.filter((t) => t !== BOOKKEEPING),
    links.map((l) => ({ child: String(l.child), parent: String(l.parent) })),
  );
  const position = new Map(tables.map((t, i) => [t, i]));
  const backEdges = links
    .filter((l) => (position.get(String(l.parent)) ?? -1) >= (position.get(String(l.child)) ?? -1))
    .map((l) => ({ table: String(l.child), constraint: String(l.constraint) }));
  const triggered = await names(
    `SELECT DISTINCT c.relname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE NOT t.tgisinternal AND n.nspname = current_schema() ORDER BY 1`,
  );
  const sequences = await names(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind = 'S' ORDER BY c.relname`,
  );
  return { tables, backEdges, triggered, sequences };
}

/** Depth-first: every table after the tables it references; alphabetical among equals, so stable. */
function dependencyOrder(tables: string[], links: { child: string; parent: string }[]): string[] {
  const parents = new Map<string, string[]>(tables.map((t) => [t, []]));
  for (const l of links) parents.get(l.child)?.push(l.parent);
  const ordered: string[] = [];
  const seen = new Set<string>();
  const visit = (table: string) => {
    if (seen.has(table)) return;
    seen.add(table);
    for (const parent of parents.get(table) ?? []) visit(parent);
    ordered.push(table);
  };
  for (const t of tables) visit(t);
  return ordered;
}
