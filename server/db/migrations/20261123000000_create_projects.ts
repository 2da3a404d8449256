import { sql, type Kysely } from 'kysely';
import { notNull, timestampType, withId } from '../columns';

/**
 * The project side up to the assets (projects-side §3): projects, their members and invitations,
 * per-user state (last seen, hidden), folders, labels, and the activity log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);

  await withId(db, db.schema.createTable('projects'))
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', notNull)
    /** lower(trim(name)): names are unique within a workspace regardless of case. */
    .addColumn('name_key', 'text', notNull)
    .addColumn('description', 'text')
    .addColumn('client_name', 'text')
    .addColumn('primary_contact', 'text')
    .addColumn('cover_key', 'text')
    /** active or archived. */
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('start_date', 'text')
    .addColumn('due_date', 'text')
    .addColumn('assets_start_retouched', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rush_priority_set_at', ts)
    .addColumn('share_hash', 'text', (c) => c.unique())
    .addColumn('share_hash_downloadable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('share_password_hash', 'text')
    .addColumn('share_expires_at', ts)
    /** JSON: label ids in the project's order. */
    .addColumn('labels_order', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('unresolved_comments_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('storage_used_in_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('last_activity_at', ts, notNull)
    .addColumn('created_at', ts, notNull)
    .addColumn('updated_at', ts, notNull)
    .addUniqueConstraint('projects_workspace_name', ['workspace_id', 'name_key'])
    .execute();

  await withId(db, db.schema.createTable('project_members'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** owner, collaborator or viewer (common/projectRoles.ts). */
    .addColumn('role', 'text', notNull)
    .addColumn('created_at', ts, notNull)
    .addUniqueConstraint('project_members_project_user', ['project_id', 'user_id'])
    .execute();
  await db.schema.createIndex('project_members_user_id').on('project_members').column('user_id').execute();
  // Exactly one owner per project, even under concurrent transfers.
  await db.schema
    .createIndex('project_members_one_owner')
    .on('project_members')
    .column('project_id')
    .unique()
    .where(sql.ref('role'), '=', 'owner')
    .execute();

  await withId(db, db.schema.createTable('project_invitations'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('email', 'text', notNull)
    .addColumn('role', 'text', notNull)
    .addColumn('message', 'text')
    /** SHA-256 of the e-mailed token. */
    .addColumn('hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('accepted_at', ts)
    .addColumn('created_at', ts, notNull)
    .execute();
  await db.schema
    .createIndex('project_invitations_project_email')
    .on('project_invitations')
    .columns(['project_id', 'email'])
    .execute();

  await db.schema
    .createTable('project_user_states')
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('last_seen_at', ts)
    .addColumn('hidden_at', ts)
    .addPrimaryKeyConstraint('project_user_states_pk', ['project_id', 'user_id'])
    .execute();

  await withId(db, db.schema.createTable('folders'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', notNull)
    .addColumn('name_key', 'text', notNull)
    .addColumn('created_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', ts, notNull)
    .addColumn('updated_at', ts, notNull)
    .addUniqueConstraint('folders_project_name', ['project_id', 'name_key'])
    .execute();

  await withId(db, db.schema.createTable('labels'))
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    /** Set for a project's own label (labellable_type Project); null for a workspace label. */
    .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', notNull)
    .addColumn('custom', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('base_color', 'text', notNull)
    .addColumn('hover_color', 'text', notNull)
    .addColumn('created_at', ts, notNull)
    .execute();
  await db.schema
    .createIndex('labels_workspace_project')
    .on('labels')
    .columns(['workspace_id', 'project_id'])
    .execute();

  await db.schema
    .createTable('project_labels')
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('label_id', 'integer', (c) => c.notNull().references('labels.id').onDelete('cascade'))
    .addColumn('created_at', ts, notNull)
    .addPrimaryKeyConstraint('project_labels_pk', ['project_id', 'label_id'])
    .execute();

  await withId(db, db.schema.createTable('activity_logs'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    /** A verb of common/activity.ts: project_created, folder_renamed, member_removed, … */
    .addColumn('action', 'text', notNull)
    .addColumn('object_type', 'text', notNull)
    .addColumn('object_id', 'integer')
    /** JSON: what the entry's text needs (names before and after, the role, …). */
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', ts, notNull)
    .execute();
  await db.schema
    .createIndex('activity_logs_project')
    .on('activity_logs')
    .columns(['project_id', 'id'])
    .execute();

  await db.schema
    .alterTable('user_preferences')
    .addColumn('projects_view_options', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_preferences').dropColumn('projects_view_options').execute();
  for (const table of [
    'activity_logs',
    'project_labels',
    'labels',
    'folders',
    'project_user_states',
    'project_invitations',
    'project_members',
    'projects',
  ])
    await db.schema.dropTable(table).execute();
}
