import { plural } from '../text';
import type { UploadRecord } from './uploadRecord';
import { progressPercent } from './uploadStates';

/** A speed measured over less time than this is noise: §4 "speed available after 500 ms". */
export const SPEED_AFTER_MS = 500;

export const TIME_LEFT_TEXTS = {
  calculating: 'Calculating time left',
  underAMinute: 'Less than a minute',
} as const;

/** Bytes per second this session has sent for one upload, or null while too early to tell. */
export function uploadSpeed(record: UploadRecord, now: number): number | null {
  if (record.state !== 'uploading' || record.startedAt === null) return null;
  const elapsed = now - record.startedAt;
  if (elapsed < SPEED_AFTER_MS) return null;
  const sent = record.bytesUploaded - record.startBytes;
  return sent > 0 ? sent / (elapsed / 1000) : null;
}

/** Seconds until one upload's bytes are all sent, or null while its speed is unknown. */
export function uploadSecondsLeft(record: UploadRecord, now: number): number | null {
  const speed = uploadSpeed(record, now);
  if (speed === null) return null;
  return Math.max(0, record.size - record.bytesUploaded) / speed;
}

/**
 * Seconds until every waiting and uploading file is sent: the bytes still to send over the
 * combined speed of the uploads now sending. The spec says "total size over speed"; what is left,
 * not the whole, is what the user is waiting for. Null while no speed is known yet.
 */
export function totalSecondsLeft(records: readonly UploadRecord[], now: number): number | null {
  let speed = 0;
  let left = 0;
  for (const record of records) {
    if (record.state === 'waiting') left += record.size;
    if (record.state !== 'uploading') continue;
    left += Math.max(0, record.size - record.bytesUploaded);
    speed += uploadSpeed(record, now) ?? 0;
  }
  if (left === 0) return 0;
  return speed > 0 ? left / speed : null;
}

/**
 * §4's time text: 'Calculating time left', 'Less than a minute', 'N minute(s) left' (rounded up:
 * "1 minute left" means at most a minute), 'N hour(s) left' from 60 minutes on (rounded).
 */
export function timeLeftText(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return TIME_LEFT_TEXTS.calculating;
  if (seconds < 60) return TIME_LEFT_TEXTS.underAMinute;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${plural(minutes, 'minute')} left`;
  const hours = Math.max(1, Math.round(seconds / 3600));
  return `${plural(hours, 'hour')} left`;
}

/** Average progress: the sum of the uploads' percents over their count (0 when there are none). */
export function averageProgress(records: readonly UploadRecord[]): number {
  if (records.length === 0) return 0;
  const sum = records.reduce((total, r) => total + progressPercent(r.state, r.bytesUploaded, r.size), 0);
  return Math.floor(sum / records.length);
}
