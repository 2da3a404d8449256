import type { JobDefinition } from '../adapters/queue/jobQueue';
import type { EventDispatcher } from '../events/dispatcher';

export const REDELIVER_EVENTS = 'events.redeliver';
export const REDELIVER_EVENTS_CRON = '* * * * *';

/** Hands the subscribers the events whose handling failed, or whose process died before it was done. */
export function redeliverEventsJob(events: EventDispatcher): JobDefinition {
  return {
    name: REDELIVER_EVENTS,
    retryLimit: 0,
    timeLimitSeconds: 300,
    run: async () => {
      await events.sweep();
    },
  };
}
