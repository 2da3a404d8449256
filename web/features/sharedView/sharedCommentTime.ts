import dayjs from 'dayjs';

/** When a comment was made, as the spec's default date and time read (§9: MM/DD/YYYY HH:mm). */
export function formatCommentTime(iso: string): string {
  return dayjs(iso).format('MM/DD/YYYY HH:mm');
}
