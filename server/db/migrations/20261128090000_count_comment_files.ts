import { sql, type Kysely } from 'kysely';

/**
 * Comment files count in their project's storage, like its rounds (issue 22): the bytes of the
 * files attached before this are added to each project's `storage_used_in_bytes` once; from now
 * on the comment services add and remove them as files come and go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update projects set storage_used_in_bytes = storage_used_in_bytes + coalesce(
      (select sum(f.size_bytes) from comment_files f where f.project_id = projects.id), 0)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    update projects set storage_used_in_bytes = storage_used_in_bytes - coalesce(
      (select sum(f.size_bytes) from comment_files f where f.project_id = projects.id), 0)
  `.execute(db);
}
