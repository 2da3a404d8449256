import { useEffect, useMemo, useState } from 'react';
import { SegmentedControl, Text } from '@mantine/core';
import { IconChecks, IconMessageCircle } from '@tabler/icons-react';
import type { AssetRound, AssetView } from '@common/api/assets';
import type { Comment, CommentFilter, Reply } from '@common/api/comments';
import type { Project } from '@common/api/projects';
import { can, type ProjectRole } from '@common/projectRoles';
import { isApiError } from '@web/api/client';
import { filterComments, unresolvedCount } from '@web/features/comments/api/commentCache';
import {
  useCreateComment,
  useDeleteComment,
  useMarkCommentsSeen,
  useRoundComments,
  useSetCommentCompleted,
  useUpdateComment,
} from '@web/features/comments/api/comments';
import { useProjectMembers } from '@web/features/projects';
import { useSignedInUser } from '@web/features/account';
import type { MarkupStore } from '@web/features/markup';
import { CarriedFeedback } from '@web/features/comments/feedback/CarriedFeedback';
import { CommentExportMenu } from '@web/features/comments/feedback/CommentExportMenu';
import { EmptyPanel } from '@web/components/page/EmptyPanel';
import { LoadError } from '@web/components/page/LoadError';
import { Popup } from '@web/components/Popup/Popup';
import { snackbar } from '@web/components/snackbar/snackbar';
import { CommentCard, type CommentActions } from './CommentCard';
import { canDeleteComment, type CommentRanks } from './commentAbilities';
import { CommentComposer, type ComposedComment } from './CommentComposer';
import { CommentsSkeleton } from './CommentsSkeleton';
import { PANEL_TEXTS } from './commentTexts';
import type { Mentionable } from './MentionTextarea';
import classes from './Comments.module.css';

/** The server's words for a refusal it explains (403 and 422), else the generic snackbar. */
function showFailure(error: unknown) {
  if (isApiError(error) && (error.status === 403 || error.status === 422)) {
    const details = error.details
      ? Object.values(error.details)
          .flat()
          .filter((m) => typeof m === 'string')
      : [];
    snackbar.error({ description: details[0] ?? error.message });
  } else snackbar.error();
}

/**
 * The comments of the round shown (projects-side §2 'Asset view', §4, §9): the list with its
 * unresolved count and filters, each comment with its replies and actions, and the new comment
 * box fed by the markup drawn on the stage. Showing the comments tells the server they were seen.
 */
export function CommentsPanel({
  asset,
  round,
  project,
  store,
  page = 1,
  onPage,
  activeCommentId = null,
}: {
  asset: AssetView;
  round: AssetRound;
  project: Project;
  store: MarkupStore;
  /** The document's page shown: a drawing made now is on it. */
  page?: number;
  /** Shows another page of the document (a comment on it was picked). */
  onPage?: (page: number) => void;
  /**
   * The thread a link asked for (a notification's `?comment_id`, the root comment, or a reply whose
   * root is then meant): once the round's comments are in, it is shown, scrolled to and lit.
   */
  activeCommentId?: number | null;
}) {
  const me = useSignedInUser();
  const comments = useRoundComments(asset.id, round.number);
  const members = useProjectMembers(project.id);
  const [filter, setFilter] = useState<CommentFilter>('all');
  const [deleting, setDeleting] = useState<Comment | Reply | null>(null);
  const author = me ? { id: me.id, name: me.name, avatar: me.avatar } : null;
  const create = useCreateComment(asset.id, { id: round.id, number: round.number }, author);
  const update = useUpdateComment(asset.id, round.number);
  const complete = useSetCommentCompleted(asset.id, round.number);
  const remove = useDeleteComment(asset.id, round.number);
  const markSeen = useMarkCommentsSeen().mutate;

  const loaded = comments.data !== undefined;
  useEffect(() => {
    if (loaded) markSeen(asset.id);
  }, [loaded, asset.id, round.number, markSeen]);

  // The thread a link names: its root, found once the comments are in, lit and scrolled to.
  const activeRoot =
    activeCommentId === null
      ? null
      : (comments.data?.find(
          (c) => c.id === activeCommentId || c.replies.some((r) => r.id === activeCommentId),
        )?.id ?? null);
  useEffect(() => {
    if (activeRoot === null) return;
    store.setHighlight(activeRoot);
    document.getElementById(`comment-${activeRoot}`)?.scrollIntoView({ block: 'center' });
  }, [activeRoot, store]);

  const role = project.current_user_role?.name ?? null;
  const actor = { userId: me?.id ?? 0, role, isWorkspaceOwner: project.current_user_is_workspace_owner };
  const mayAdd = can(actor, 'comments.add');
  const isCurrent = round.id === asset.version_id;

  const ranks = useMemo<CommentRanks | null>(
    () =>
      members.data
        ? {
            roles: new Map<number, ProjectRole>(members.data.map((m) => [m.user.id, m.role.name])),
            workspaceOwnerId: project.workspace.owner_id,
          }
        : null,
    [members.data, project.workspace.owner_id],
  );
  const mentionable = useMemo<Mentionable[]>(
    () => (members.data ?? []).map((m) => m.user).filter((u) => u.id !== me?.id),
    [members.data, me?.id],
  );

  const actions: CommentActions = {
    meId: me?.id ?? null,
    members: mentionable,
    // The level rule of §5, mirrored; the server's own answer stands in until the members are known.
    mayDelete: (comment) =>
      ranks ? canDeleteComment(actor, comment.user.id, ranks) : comment.abilities.destroy,
    edit: async (comment, edit) => {
      try {
        await update.mutateAsync({ id: comment.id, edit });
        return true;
      } catch (error) {
        showFailure(error);
        return false;
      }
    },
    askDelete: setDeleting,
    setCompleted: (comment, completed) =>
      complete.mutate({ id: comment.id, completed }, { onError: () => snackbar.error() }),
    reply: (comment, text) =>
      create.mutate({ asset_id: asset.id, text, parent_id: comment.id }, { onError: showFailure }),
    highlight: store.setHighlight,
    store,
    page: asset.kind === 'document' ? { shown: page, open: (n) => onPage?.(n) } : null,
  };

  const send = async (composed: ComposedComment) => {
    try {
      const onDocument = asset.kind === 'document' && composed.markup !== null;
      await create.mutateAsync({ asset_id: asset.id, ...composed, page: onDocument ? page : null });
      return true;
    } catch (error) {
      showFailure(error);
      return false;
    }
  };

  const list = comments.data ?? [];
  const open = unresolvedCount(list);
  const shown = filterComments(list, filter);

  let body;
  if (comments.error) body = <LoadError onRetry={() => void comments.refetch()} />;
  else if (!loaded) body = <CommentsSkeleton count={3} testId="comments-loading" />;
  else if (shown.length === 0)
    body =
      filter === 'unresolved' && list.length > 0 ? (
        <EmptyPanel
          testId="comments-empty"
          icon={<IconChecks size={26} />}
          title={PANEL_TEXTS.emptyUnresolvedTitle}
          description={PANEL_TEXTS.emptyUnresolved}
        />
      ) : (
        <EmptyPanel
          testId="comments-empty"
          icon={<IconMessageCircle size={26} />}
          title={PANEL_TEXTS.emptyTitle}
          description={PANEL_TEXTS.empty}
        />
      );
  else
    body = (
      <div className={classes.list} data-testid="comment-list">
        {shown.map((comment) => (
          <CommentCard
            key={comment.id}
            comment={comment}
            actions={actions}
            active={comment.id === activeRoot}
          />
        ))}
      </div>
    );

  return (
    <section className={classes.panel} aria-label={PANEL_TEXTS.title} data-testid="comments-panel">
      <header className={classes.panelHeader}>
        <div className={classes.titleRow}>
          <Text fw={650} size="md">
            {PANEL_TEXTS.title}
          </Text>
          <CommentExportMenu target={{ asset: asset.id }} variant="icon" />
        </div>
        <SegmentedControl
          size="xs"
          fullWidth
          value={filter}
          onChange={(value) => setFilter(value)}
          data={[
            {
              value: 'unresolved',
              label: (
                <span className={classes.filterLabel}>
                  {PANEL_TEXTS.unresolved}
                  {loaded && (
                    <span
                      className={classes.count}
                      data-none={open === 0 || undefined}
                      data-testid="unresolved-count"
                    >
                      {open}
                    </span>
                  )}
                </span>
              ),
            },
            {
              value: 'all',
              label: (
                <span className={classes.filterLabel}>
                  {PANEL_TEXTS.all}
                  {loaded && (
                    <span className={classes.count} data-none>
                      {list.length}
                    </span>
                  )}
                </span>
              ),
            },
          ]}
          aria-label="Show"
          data-testid="comment-filter"
        />
      </header>
      <div className={classes.scroll}>
        {isCurrent && <CarriedFeedback asset={asset} actor={actor} meId={me?.id ?? null} />}
        {loaded && shown.length > 0 && !comments.error ? body : <div className={classes.state}>{body}</div>}
      </div>
      {mayAdd && isCurrent ? (
        <CommentComposer store={store} members={mentionable} onSend={send} />
      ) : (
        <Text className={classes.readOnly} size="xs" c="gray.7">
          {mayAdd ? PANEL_TEXTS.olderRound(asset.current_version.number) : PANEL_TEXTS.noAdd}
        </Text>
      )}
      <Popup
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={PANEL_TEXTS.deleteTitle}
        description={deleting?.parent_id ? PANEL_TEXTS.deleteReply : PANEL_TEXTS.deleteComment}
        closable={!remove.isPending}
        actions={[
          { label: PANEL_TEXTS.cancel, variant: 'secondary', onClick: () => setDeleting(null) },
          {
            label: PANEL_TEXTS.delete,
            variant: 'danger',
            loading: remove.isPending,
            onClick: () => {
              if (!deleting) return;
              remove.mutate(deleting.id, {
                onSuccess: () => setDeleting(null),
                onError: (error) => {
                  setDeleting(null);
                  showFailure(error);
                },
              });
            },
          },
        ]}
      />
    </section>
  );
}
