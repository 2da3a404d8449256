import { PROJECT_TEXTS } from '@common/api/projects';
import { useBulkProjectAction, useRushPriority } from '@web/features/projects/api/projects';
import { snackbar } from '@web/components/snackbar/snackbar';
import { showActionError } from './actionErrors';

export type QuickAction = 'flag' | 'unflag' | 'archive' | 'unarchive' | 'hide' | 'unhide';

/** The actions that need no dialog, each with its snackbar; they work on one project or many. */
export function useQuickActions() {
  const rush = useRushPriority();
  const archive = useBulkProjectAction('archive');
  const activate = useBulkProjectAction('activate');
  const hide = useBulkProjectAction('hide');
  const show = useBulkProjectAction('show');

  return (action: QuickAction, ids: number[], onDone?: () => void) => {
    const done = (title: string) => () => {
      snackbar.success({ title });
      onDone?.();
    };
    const n = ids.length;
    switch (action) {
      case 'flag':
      case 'unflag': {
        const flagged = action === 'flag';
        // mutate's own callbacks fire for the last call only: wait for every call instead.
        Promise.all(ids.map((id) => rush.mutateAsync({ id, flagged }))).then(
          done(flagged ? PROJECT_TEXTS.priorityAdded : PROJECT_TEXTS.priorityRemoved),
          showActionError,
        );
        return;
      }
      case 'archive':
        return archive.mutate(ids, { onSuccess: done(PROJECT_TEXTS.archived(n)), onError: showActionError });
      case 'unarchive':
        return activate.mutate(ids, {
          onSuccess: done(PROJECT_TEXTS.activated(n)),
          onError: showActionError,
        });
      case 'hide':
        return hide.mutate(ids, { onSuccess: done(PROJECT_TEXTS.hidden(n)), onError: showActionError });
      case 'unhide':
        return show.mutate(ids, { onSuccess: done(PROJECT_TEXTS.unhidden(n)), onError: showActionError });
    }
  };
}
