import type { Migration } from 'kysely';
import * as createAccounts from './20261121120000_create_accounts';
import * as createWorkspaces from './20261122000000_create_workspaces';
import * as indexPaymentProviderIds from './20261122150000_index_payment_provider_ids';
import * as addInvoicePeriodKey from './20261122160000_add_invoice_period_key';
import * as createProjects from './20261123000000_create_projects';
import * as createAttemptThrottles from './20261124100000_create_attempt_throttles';
import * as createJobs from './20261124220000_create_jobs';
import * as createAssets from './20261125000000_create_assets';
import * as assetStates from './20261126000000_asset_states';
import * as assetListIndexes from './20261126100000_asset_list_indexes';
import * as createComments from './20261127000000_create_comments';
import * as createDomainEvents from './20261124210000_create_domain_events';
import * as createTasks from './20261127100000_create_tasks';
import * as commentPages from './20261127200000_comment_pages';
import * as commentCompletedBy from './20261127300000_comment_completed_by';
import * as shareShowComments from './20261128060000_share_show_comments';
import * as jobLeaseOwner from './20261128070000_job_lease_owner';
import * as countCommentFiles from './20261128090000_count_comment_files';
import * as countCommentMarkupPoints from './20261128100000_count_comment_markup_points';
import * as createNotifications from './20261128200000_create_notifications';
import * as notificationDigests from './20261128210000_notification_digests';
import * as createAssetViewers from './20261128220000_create_asset_viewers';
import * as createUploadLocks from './20261128230000_create_upload_locks';
import * as createShareLinks from './20261129000000_create_share_links';

/** Every migration, by name; names sort in the order they run. Never edit one that has landed. */
export const migrations: Record<string, Migration> = {
  '20261121120000_create_accounts': createAccounts,
  '20261122000000_create_workspaces': createWorkspaces,
  '20261122150000_index_payment_provider_ids': indexPaymentProviderIds,
  '20261122160000_add_invoice_period_key': addInvoicePeriodKey,
  '20261123000000_create_projects': createProjects,
  '20261124100000_create_attempt_throttles': createAttemptThrottles,
  '20261124210000_create_domain_events': createDomainEvents,
  '20261124220000_create_jobs': createJobs,
  '20261125000000_create_assets': createAssets,
  '20261126000000_asset_states': assetStates,
  '20261126100000_asset_list_indexes': assetListIndexes,
  '20261127000000_create_comments': createComments,
  '20261127100000_create_tasks': createTasks,
  '20261127200000_comment_pages': commentPages,
  '20261127300000_comment_completed_by': commentCompletedBy,
  '20261128060000_share_show_comments': shareShowComments,
  '20261128070000_job_lease_owner': jobLeaseOwner,
  '20261128090000_count_comment_files': countCommentFiles,
  '20261128100000_count_comment_markup_points': countCommentMarkupPoints,
  '20261128200000_create_notifications': createNotifications,
  '20261128210000_notification_digests': notificationDigests,
  '20261128220000_create_asset_viewers': createAssetViewers,
  '20261128230000_create_upload_locks': createUploadLocks,
  '20261129000000_create_share_links': createShareLinks,
};
