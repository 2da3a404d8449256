import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Avatar, Tooltip, VisuallyHidden } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconBellOff, IconChevronDown, IconChevronUp, IconSettings } from '@tabler/icons-react';
import { PANEL_RESIZE_DEBOUNCE_MS, unseenBadgeText } from '@common/api/notifications';
import type { Project } from '@common/api/projects';
import { PANEL_TEXTS } from './notificationTexts';
import { pageDown, pageUp, startShowing, stripCapacity, stripWindow } from './stripLayout';
import classes from './Notifications.module.css';

export const STRIP_TAB_ID = (projectId: number) => `notifications-project-${projectId}`;
export const LIST_PANEL_ID = 'notifications-list-panel';

/**
 * The panel's left strip (§2): the settings icon, up and down paging, and the user's projects, each
 * with its unseen count (99+ beyond 99). As many 71 px items show as the strip's height holds
 * (measured again 250 ms after a resize stops); up and down arrows, Home and End move between
 * projects as tabs do.
 */
export function ProjectStrip({
  projects,
  selectedId,
  settingsMode,
  onSelect,
  onSettings,
  onNeedMore,
}: {
  projects: Project[];
  selectedId: number | null;
  settingsMode: boolean;
  onSelect: (projectId: number) => void;
  onSettings: () => void;
  /** The strip paged to the end of the projects loaded: ask for more, when there are more. */
  onNeedMore: () => void;
}) {
  const viewport = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState<number | null>(null);
  const measure = useDebouncedCallback((next: number) => setHeight(next), PANEL_RESIZE_DEBOUNCE_MS);
  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    setHeight(element.clientHeight || null);
    const observer = new ResizeObserver(() => measure(element.clientHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure]);

  const capacity = stripCapacity(height);
  const total = projects.length;
  const selectedIndex = projects.findIndex((p) => p.id === selectedId);
  const [start, setStart] = useState(() => startShowing(Math.max(0, selectedIndex), 0, capacity, total));
  const view = stripWindow(start, capacity, total);
  const shown = projects.slice(view.start, view.end);

  useEffect(() => {
    if (!view.canPageDown && total > 0) onNeedMore();
  }, [view.canPageDown, total, onNeedMore]);

  const tabs = useRef(new Map<number, HTMLButtonElement>());
  // The tab the arrow keys moved to takes the focus once it is drawn (the window may have paged).
  const focusNext = useRef<number | null>(null);
  useEffect(() => {
    if (focusNext.current === null) return;
    tabs.current.get(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const moveTo = (index: number) => {
    const target = projects[index];
    if (!target) return;
    setStart((s) => startShowing(index, s, capacity, total));
    onSelect(target.id);
    focusNext.current = target.id;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = Math.max(0, selectedIndex);
    const next =
      event.key === 'ArrowDown'
        ? at + 1
        : event.key === 'ArrowUp'
          ? at - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? total - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    moveTo(Math.max(0, Math.min(total - 1, next)));
  };

  return (
    <nav className={classes.strip} aria-label={PANEL_TEXTS.projects} data-testid="notifications-strip">
      <Tooltip label={PANEL_TEXTS.settings} position="right" withArrow>
        <ActionIcon
          className={classes.stripControl}
          variant={settingsMode ? 'light' : 'subtle'}
          color={settingsMode ? 'brand' : 'gray'}
          size="lg"
          aria-label={PANEL_TEXTS.settings}
          aria-pressed={settingsMode}
          onClick={onSettings}
          data-testid="notifications-settings"
        >
          <IconSettings size={20} />
        </ActionIcon>
      </Tooltip>
      <ActionIcon
        className={classes.stripControl}
        variant="subtle"
        color="gray"
        aria-label={PANEL_TEXTS.previousProjects}
        disabled={!view.canPageUp}
        onClick={() => setStart(pageUp(view.start, capacity, total))}
        data-testid="strip-up"
      >
        <IconChevronUp size={18} />
      </ActionIcon>
      <div
        ref={viewport}
        className={classes.stripViewport}
        role="tablist"
        aria-orientation="vertical"
        aria-label={PANEL_TEXTS.projects}
        onKeyDown={onKeyDown}
        data-testid="strip-projects"
        data-capacity={capacity}
      >
        {shown.map((project) => {
          const selected = project.id === selectedId;
          const unseen = project.unseen_notifications_count;
          const picture = project.cover_url ?? project.thumbnail_url;
          return (
            <button
              key={project.id}
              ref={(element) => {
                if (element) tabs.current.set(project.id, element);
                else tabs.current.delete(project.id);
              }}
              type="button"
              role="tab"
              id={STRIP_TAB_ID(project.id)}
              aria-selected={selected && !settingsMode}
              aria-controls={LIST_PANEL_ID}
              tabIndex={selected || (selectedIndex < 0 && project === shown[0]) ? 0 : -1}
              className={classes.stripItem}
              onClick={() => onSelect(project.id)}
              title={project.name}
              data-testid="strip-project"
              data-project-id={project.id}
            >
              <span className={classes.stripCover}>
                <Avatar src={picture} name={project.name} color="initials" radius="md" size={38} alt="" />
                {unseen > 0 && (
                  <span className={classes.badge} data-testid="strip-badge">
                    {unseenBadgeText(unseen)}
                  </span>
                )}
                {project.notifications_muted && (
                  <span className={classes.mutedMark} data-testid="strip-muted">
                    <IconBellOff size={11} aria-label={PANEL_TEXTS.muted} />
                  </span>
                )}
              </span>
              <span className={classes.stripName}>
                {project.name}
                {unseen > 0 && (
                  <VisuallyHidden>, {PANEL_TEXTS.unseen(unseenBadgeText(unseen))}</VisuallyHidden>
                )}
              </span>
            </button>
          );
        })}
      </div>
      <ActionIcon
        className={classes.stripControl}
        variant="subtle"
        color="gray"
        aria-label={PANEL_TEXTS.nextProjects}
        disabled={!view.canPageDown}
        onClick={() => setStart(pageDown(view.start, capacity, total))}
        data-testid="strip-down"
      >
        <IconChevronDown size={18} />
      </ActionIcon>
    </nav>
  );
}
