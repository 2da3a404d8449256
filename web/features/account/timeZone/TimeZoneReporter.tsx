import { useEffect, useRef } from 'react';
import {
  useNotificationsPreferences,
  useUpdateNotificationsPreferences,
} from '../api/notificationsPreferences';
import { browserTimeZone, timeZoneToReport } from './timeZone';

/**
 * Tells the server the browser's time zone once per page load when it differs from the stored
 * one: the daily e-mail digest goes out at 09:00 in it. Renders nothing.
 */
export function TimeZoneReporter() {
  const prefs = useNotificationsPreferences();
  const { mutate } = useUpdateNotificationsPreferences();
  const reported = useRef(false);
  const stored = prefs.data?.time_zone;
  useEffect(() => {
    if (reported.current) return;
    const zone = timeZoneToReport(stored, browserTimeZone());
    if (zone === null) return;
    reported.current = true;
    mutate({ time_zone: zone });
  }, [stored, mutate]);
  return null;
}
