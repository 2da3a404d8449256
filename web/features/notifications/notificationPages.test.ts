import { describe, expect, it } from 'vitest';
import { messageSegments, type Notification } from '@common/api/notifications';
import {
  FIRST_PAGE,
  nextPageParam,
  notificationsPath,
  openingProject,
  type NotificationPage,
} from './notificationPages';

const page = (ids: number[], total_pages: number, older_than: number | null): NotificationPage => ({
  items: ids.map((id) => ({ id }) as Notification),
  meta: { total_pages, older_than, unseen_count: 0 },
});

describe('asking for a project’s notifications', () => {
  it('asks 20 a page, from page 1, with the filter and the pinned sort', () => {
    expect(notificationsPath(7, { filter: null, pinnedFirst: false }, FIRST_PAGE)).toBe(
      '/projects/7/notifications?page=1&per_page=20',
    );
    expect(notificationsPath(7, { filter: 'mentions', pinnedFirst: true }, { page: 3, olderThan: 120 })).toBe(
      '/projects/7/notifications?page=3&per_page=20&older_than=120&filter_type=mentions&sorted=pinned',
    );
  });

  it('sends the first page’s cursor back with every later page', () => {
    const first = page([119, 118], 3, 120);
    const second = page([117, 116], 3, 120);
    expect(nextPageParam(first, [first], FIRST_PAGE)).toEqual({ page: 2, olderThan: 120 });
    expect(nextPageParam(second, [first, second], { page: 2, olderThan: 120 })).toEqual({
      page: 3,
      olderThan: 120,
    });
  });

  it('stops at the last page, and at an empty one', () => {
    const last = page([2, 1], 3, 120);
    expect(nextPageParam(last, [last], { page: 3, olderThan: 120 })).toBeUndefined();
    const empty = page([], 0, null);
    expect(nextPageParam(empty, [empty], FIRST_PAGE)).toBeUndefined();
  });
});

describe('the project the panel opens on', () => {
  const projects = [
    { id: 1, unseen_notifications_count: 0 },
    { id: 2, unseen_notifications_count: 4 },
    { id: 3, unseen_notifications_count: 0 },
  ];
  it('is the project on screen, else the first with news, else the first', () => {
    expect(openingProject(projects, 3)).toBe(3);
    expect(openingProject(projects, null)).toBe(2);
    expect(openingProject(projects, 99)).toBe(2);
    expect(openingProject([projects[0]!, projects[2]!], null)).toBe(1);
    expect(openingProject([], null)).toBeNull();
  });
});

describe('a message’s highlighted segment (§2)', () => {
  it('sets apart the text between a pair of pipes', () => {
    expect(messageSegments('Dana commented on |moodboard.png|')).toEqual([
      { text: 'Dana commented on ', highlighted: false },
      { text: 'moodboard.png', highlighted: true },
    ]);
    expect(messageSegments('|Dana| mentioned you on |hero.jpg| today')).toEqual([
      { text: 'Dana', highlighted: true },
      { text: ' mentioned you on ', highlighted: false },
      { text: 'hero.jpg', highlighted: true },
      { text: ' today', highlighted: false },
    ]);
  });

  it('reads a message without pipes, or with one left open, as plain text', () => {
    expect(messageSegments('New round uploaded')).toEqual([
      { text: 'New round uploaded', highlighted: false },
    ]);
    expect(messageSegments('a | b')).toEqual([{ text: 'a | b', highlighted: false }]);
    expect(messageSegments('')).toEqual([]);
  });
});
