import type { Kysely } from 'kysely';
import type { Category, Language } from '@backoffice/shared-api/contract';
import type { DB } from '../../db/schema';

/** The lists a profile's category and spokenLanguage ids refer to; short, so never paged. */
export async function listCategories(db: Kysely<DB>): Promise<Category[]> {
  const rows = await db.selectFrom('categories').select(['id', 'name']).orderBy('name').orderBy('id').execute();
  return rows.map((r) => ({ _id: r.id, name: r.name }));
}

export async function listLanguages(db: Kysely<DB>): Promise<Language[]> {
  const rows = await db.selectFrom('languages').select(['id', 'code', 'name']).orderBy('name').orderBy('id').execute();
  return rows.map((r) => ({ _id: r.id, code: r.code, name: r.name }));
}

/** Which of `ids` are not in `table`; empty when every one exists. */
export async function unknownIds(
  db: Kysely<DB>,
  table: 'categories' | 'languages',
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db
    .selectFrom(table)
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}
