import { createHmac } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { z } from 'zod';
import { DOWNLOAD_TEXTS } from '@common/api/downloads';
import { AppError } from '../../errors';
import { safeEqual } from '../../secrets';

/** What a download holds: the caller's selection, checked again when the link is opened. */
export type DownloadSelection =
  | { kind: 'assets'; assetIds: number[] }
  | { kind: 'rounds'; assetId: number }
  | { kind: 'folder'; folderId: number }
  | { kind: 'project' };

export interface DownloadOptions {
  lowRes: boolean;
  withRoundNumber: boolean;
}

/**
 * A download link's claims. 'member': streamed now to the signed-in member who asked; 'shared':
 * streamed now through the public link of the project; 'mail': the stored archive of a large
 * download, e-mailed to the member who asked.
 */
export type DownloadClaims =
  | {
      use: 'member';
      userId: number;
      projectId: number;
      selection: DownloadSelection;
      options: DownloadOptions;
    }
  | { use: 'shared'; projectId: number; selection: DownloadSelection; options: DownloadOptions }
  | { use: 'mail'; userId: number; projectId: number; key: string; fileName: string };

const id = z.number().int().positive();
/** Ids travel as base-36 gaps between sorted ids: 1,000 ids of one shoot take a few hundred bytes. */
const selectionWire = z.union([
  z.object({ kind: z.literal('assets'), ids: z.string() }),
  z.object({ kind: z.literal('rounds'), assetId: id }),
  z.object({ kind: z.literal('folder'), folderId: id }),
  z.object({ kind: z.literal('project') }),
]);
const optionsWire = z.object({ lowRes: z.boolean(), withRoundNumber: z.boolean() });
const claimsWire = z.intersection(
  z.union([
    z.object({
      use: z.literal('member'),
      userId: id,
      projectId: id,
      selection: selectionWire,
      options: optionsWire,
    }),
    z.object({ use: z.literal('shared'), projectId: id, selection: selectionWire, options: optionsWire }),
    z.object({
      use: z.literal('mail'),
      userId: id,
      projectId: id,
      key: z.string().regex(/^downloads\/[a-z0-9]+\.zip$/),
      fileName: z.string(),
    }),
  ]),
  z.object({ expires: z.number().int() }),
);

const invalid = () => new AppError(404, 'not_found', DOWNLOAD_TEXTS.linkInvalid);
const expired = () => new AppError(404, 'download_expired', DOWNLOAD_TEXTS.linkExpired);

/**
 * Signed, expiring download links that need no table: the claims, deflated, in the address, with
 * an HMAC of them. A link proves what was asked and by whom; access is checked again on opening.
 */
export class DownloadLinks {
  private readonly key: Buffer;

  constructor(secret: string) {
    // A key of its own, so a download link can never pass for any other signed value.
    this.key = createHmac('sha256', secret).update('proofroom download links').digest();
  }

  sign(claims: DownloadClaims, expires: Date): string {
    const wire = { ...claims, ...('selection' in claims ? { selection: toWire(claims.selection) } : {}) };
    const body = deflateRawSync(JSON.stringify({ ...wire, expires: expires.getTime() })).toString(
      'base64url',
    );
    return `${body}.${this.signature(body)}`;
  }

  /** The claims of a genuine link; 404 for anything else, `download_expired` once `now` passed its time. */
  verify(token: string, now: Date): DownloadClaims {
    const [body, signature, ...rest] = token.split('.');
    if (!body || !signature || rest.length > 0 || !safeEqual(signature, this.signature(body)))
      throw invalid();
    let parsed: z.infer<typeof claimsWire>;
    try {
      parsed = claimsWire.parse(JSON.parse(inflateRawSync(Buffer.from(body, 'base64url')).toString('utf8')));
    } catch {
      throw invalid();
    }
    if (parsed.expires <= now.getTime()) throw expired();
    const { expires: _expires, ...claims } = parsed;
    if (!('selection' in claims)) return claims;
    return { ...claims, selection: fromWire(claims.selection) };
  }

  private signature(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url').slice(0, 32);
  }
}

function toWire(selection: DownloadSelection): z.infer<typeof selectionWire> {
  if (selection.kind !== 'assets') return selection;
  const sorted = [...new Set(selection.assetIds)].sort((a, b) => a - b);
  return { kind: 'assets', ids: sorted.map((v, i) => (v - (sorted[i - 1] ?? 0)).toString(36)).join('.') };
}

function fromWire(selection: z.infer<typeof selectionWire>): DownloadSelection {
  if (selection.kind !== 'assets') return selection;
  let last = 0;
  const assetIds = selection.ids.split('.').map((gap) => (last += parseInt(gap, 36)));
  if (assetIds.some((v) => !Number.isSafeInteger(v) || v <= 0)) throw invalid();
  return { kind: 'assets', assetIds };
}
