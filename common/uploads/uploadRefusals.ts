import { ASSET_TEXTS, hasAllowedExtension } from '../api/assets';
import { GENERIC_ERROR } from '../api/errors';

/** An error answer of the upload endpoint: the status and the envelope's error (API.md). */
export interface UploadErrorAnswer {
  status: number;
  code: string;
  message: string;
  details: Record<string, unknown> | undefined;
}

/** Whom to ask when the workspace is full (the `invalid_workspace` details). */
export interface StorageLimitFacts {
  workspaceId: number;
  isOwner: boolean;
  isTrial: boolean;
  owner: { name: string; email: string } | null;
}

/**
 * What a refused upload tells the user (§8). Refusals before the bytes open a dialog; one after
 * them (content not matching its name) and anything else leave the row at 'Error Uploading' with
 * the reason.
 */
export type UploadRefusal =
  | { kind: 'invalidFormat'; file: string; message: string }
  | { kind: 'nameTaken'; file: string; message: string; existingAssetId: number | null }
  | { kind: 'storageLimit'; file: string; facts: StorageLimitFacts }
  | { kind: 'roundOneFile'; message: string }
  /** Not a refusal but a question: a new round of another file type, sent only once confirmed. */
  | { kind: 'roundTypeChange'; file: string; message: string }
  | { kind: 'failed'; file: string; message: string };

/** The refusals shown as a dialog; 'failed' is shown in the row and a snackbar. */
export type DialogRefusal = Exclude<UploadRefusal, { kind: 'failed' }>;

/** The Upload Box refuses a file by its name before sending a byte (§5). */
export function refusalBeforeSending(file: string): DialogRefusal | null {
  if (hasAllowedExtension(file)) return null;
  return { kind: 'invalidFormat', file, message: ASSET_TEXTS.invalidExtension(file) };
}

function numberOr(value: unknown, fallback: number | null): number | null {
  return typeof value === 'number' && Number.isInteger(value) ? value : fallback;
}

function storageFacts(details: Record<string, unknown> | undefined): StorageLimitFacts {
  const owner = details?.owner as { name?: unknown; email?: unknown } | undefined;
  return {
    workspaceId: numberOr(details?.workspace_id, 0) ?? 0,
    // The server says `is_owner`; the role name (`role: 'owner'`) is read too.
    isOwner: details?.is_owner === true || details?.role === 'owner',
    isTrial: details?.is_trial === true,
    owner:
      owner && typeof owner.name === 'string' && typeof owner.email === 'string'
        ? { name: owner.name, email: owner.email }
        : null,
  };
}

/** The spec's wording for each refusal code of the upload endpoint (§8). */
export function refusalFromAnswer(file: string, answer: UploadErrorAnswer): UploadRefusal {
  const existingAssetId = numberOr(answer.details?.asset_id, null);
  switch (answer.code) {
    case 'invalid_extension':
      return { kind: 'invalidFormat', file, message: ASSET_TEXTS.invalidExtension(file) };
    case 'asset_in_project':
      return { kind: 'nameTaken', file, message: ASSET_TEXTS.nameInProject, existingAssetId };
    case 'asset_in_folder':
      return { kind: 'nameTaken', file, message: ASSET_TEXTS.nameInFolder, existingAssetId };
    case 'file_filename':
      return { kind: 'nameTaken', file, message: ASSET_TEXTS.fileNameTaken, existingAssetId };
    case 'invalid_workspace':
      return { kind: 'storageLimit', file, facts: storageFacts(answer.details) };
    case 'invalid_content':
      return { kind: 'failed', file, message: ASSET_TEXTS.contentRefused(file) };
    default: {
      const message =
        answer.status >= 400 && answer.status < 500 && answer.message ? answer.message : GENERIC_ERROR;
      return { kind: 'failed', file, message };
    }
  }
}

/** The row's reason for a refusal, in one line. */
export function refusalReason(refusal: UploadRefusal): string {
  switch (refusal.kind) {
    case 'invalidFormat':
    case 'nameTaken':
    case 'roundOneFile':
    case 'roundTypeChange':
    case 'failed':
      return refusal.message;
    case 'storageLimit':
      return ASSET_TEXTS.storageLimitTitle;
  }
}

/**
 * The storage popup's words per role (§8): the owner is offered Upgrade (a free-trial owner is
 * told the trial's storage is used up), anyone else is given the owner's contact.
 */
export function storageLimitMessage(facts: StorageLimitFacts): string {
  if (facts.isOwner && facts.isTrial)
    return 'Your free trial has used all of its storage. Upgrade to a paid plan to keep uploading files to this workspace.';
  if (facts.isOwner)
    return 'This workspace has used all of its storage. Upgrade your plan to keep uploading files.';
  if (facts.owner)
    return `This workspace has used all of its storage. Ask the workspace owner, **${facts.owner.name}** (${facts.owner.email}), to upgrade the plan.`;
  return 'This workspace has used all of its storage. Ask the workspace owner to upgrade the plan.';
}

/** Where the owner's Upgrade goes: the Plan tab, with the flag that opens the subscription modal. */
export function storageUpgradePath(workspaceId: number): string {
  return `/user/workspaces/${workspaceId}/plan?subscribe=1`;
}
