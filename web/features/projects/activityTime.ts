import dayjs from 'dayjs';

/**
 * When an activity happened, as people say it: 'just now', '5 minutes ago', '3 hours ago',
 * 'yesterday', then the date (§9 last activity format 'MM/DD, h:mmA').
 */
export function activityTime(iso: string, now: Date = new Date()): string {
  const then = dayjs(iso);
  const seconds = dayjs(now).diff(then, 'second');
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  if (dayjs(now).startOf('day').diff(then.startOf('day'), 'day') === 1) return 'yesterday';
  return then.format('MM/DD, h:mmA');
}
