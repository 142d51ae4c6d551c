import { sql, type Kysely } from 'kysely';

/**
 * The influencer requests list sorts by its applicant's columns (joined on, name, user name,
 * display name, email). Sorted through the join, every request and its applicant were read for
 * each page, and the planner hashed the whole users table to do it. Each request keeps a copy of
 * its applicant's sort columns, kept by the database: set when the request is written, followed when
 * the applicant's columns change. User names and emails are case-insensitive (citext): their copies
 * are lower-cased, so that they sort as the columns do.
 */
const COPIES: Array<[copy: string, of: string]> = [
  ['sort_user_created_at', 'u.created_at'],
  ['sort_first_name', 'u.first_name'],
  ['sort_last_name', 'u.last_name'],
  ['sort_user_name', 'lower(u.user_name::text)'],
  ['sort_display_name', 'u.display_name'],
  ['sort_email', 'lower(u.email::text)'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `ALTER TABLE influencer_requests
         ADD COLUMN sort_user_created_at timestamptz,
         ${COPIES.slice(1)
           .map(([c]) => `ADD COLUMN ${c} text`)
           .join(',\n         ')}`,
    )
    .execute(db);
  const set = (target: string) => COPIES.map(([c, of]) => `${target}${c} := ${of};`).join(' ');
  await sql
    .raw(
      `CREATE FUNCTION request_sort_keys() RETURNS trigger LANGUAGE plpgsql AS $fn$
       DECLARE u users;
       BEGIN
         SELECT * INTO u FROM users WHERE id = NEW.user_id;
         ${set('NEW.')}
         RETURN NEW;
       END $fn$`,
    )
    .execute(db);
  await sql`
    CREATE TRIGGER request_sort_keys BEFORE INSERT OR UPDATE OF user_id ON influencer_requests
    FOR EACH ROW EXECUTE FUNCTION request_sort_keys()`.execute(db);
  await sql
    .raw(
      `CREATE FUNCTION request_sort_keys_of_user() RETURNS trigger LANGUAGE plpgsql AS $fn$
       DECLARE u users := NEW;
       BEGIN
         UPDATE influencer_requests SET ${COPIES.map(([c, of]) => `${c} = ${of}`).join(', ')}
         WHERE user_id = NEW.id;
         RETURN NULL;
       END $fn$`,
    )
    .execute(db);
  await sql`
    CREATE TRIGGER request_sort_keys_of_user AFTER UPDATE OF first_name, last_name, user_name, display_name, email ON users
    FOR EACH ROW EXECUTE FUNCTION request_sort_keys_of_user()`.execute(db);

  await sql
    .raw(
      `UPDATE influencer_requests r SET ${COPIES.map(([c, of]) => `${c} = ${of}`).join(', ')}
       FROM users u WHERE u.id = r.user_id`,
    )
    .execute(db);
  const indexes: Array<[string, string]> = [
    ['influencer_requests_sort_user_created', 'sort_user_created_at, id'],
    ['influencer_requests_sort_name', 'sort_first_name, sort_last_name, id'],
    ['influencer_requests_sort_user_name', 'sort_user_name, id'],
    ['influencer_requests_sort_display_name', 'sort_display_name, id'],
    ['influencer_requests_sort_email', 'sort_email, id'],
  ];
  for (const [name, on] of indexes) await sql.raw(`CREATE INDEX ${name} ON influencer_requests (${on})`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS request_sort_keys_of_user ON users`.execute(db);
  await sql`DROP TRIGGER IF EXISTS request_sort_keys ON influencer_requests`.execute(db);
  await sql`DROP FUNCTION IF EXISTS request_sort_keys_of_user()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS request_sort_keys()`.execute(db);
  await sql
    .raw(`ALTER TABLE influencer_requests ${COPIES.map(([c]) => `DROP COLUMN IF EXISTS ${c}`).join(', ')}`)
    .execute(db);
}
