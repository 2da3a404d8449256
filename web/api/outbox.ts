import { useQuery } from '@tanstack/react-query';
import type { OutboxMail } from '@common/api/auth';
import { api } from './client';
import { queryKeys } from './keys';

/** Mails the server wrote to its development outbox, newest first (only when status.dev_outbox). */
export function useOutbox(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.outbox,
    queryFn: () => api<OutboxMail[]>('/dev/outbox', { authCall: true }),
    enabled,
    refetchInterval: 3000,
  });
}
