import { CommentCarryOver } from '../services/comments/commentCarryOver';
import { CommentFiles } from '../services/comments/commentFiles';
import { CommentList } from '../services/comments/commentList';
import { CommentReports } from '../services/comments/commentReports/commentReports';
import { ReportBuilds } from '../services/comments/commentReports/reportBuilds';
import { CommentService } from '../services/comments/comments';
import { GuestComments } from '../services/comments/guestComments';
import type { AssetServices } from './assets';
import type { Platform } from './platform';
import type { ProjectServices } from './projects';

export type CommentServices = ReturnType<typeof commentServices>;

/** Comments and replies on assets, their markup and files, and each member's last sight of them. */
export function commentServices(
  p: Platform,
  { projectAccess }: Pick<ProjectServices, 'projectAccess'>,
  { assetAccess, storageRoom, roundPages }: Pick<AssetServices, 'assetAccess' | 'storageRoom' | 'roundPages'>,
) {
  const comments = new CommentService(
    p.uow,
    assetAccess,
    projectAccess,
    new CommentFiles(p.storage, storageRoom),
    p.clock,
  );
  return {
    comments,
    /** Comments through a review link, as its guests see and write them. */
    guestComments: new GuestComments(p.uow, comments, p.limiter),
    commentList: new CommentList(p.uow, assetAccess),
    commentCarryOver: new CommentCarryOver(p.uow, assetAccess, p.clock),
    commentReports: new CommentReports(p.uow, assetAccess, projectAccess, p.storage, roundPages, p.clock),
    reportBuilds: new ReportBuilds(),
  };
}
