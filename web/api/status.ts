import { useQuery } from '@tanstack/react-query';
import type { AppStatus } from '@common/api/auth';
import { api } from './client';
import { queryKeys } from './keys';

export const fetchAppStatus = () => api<AppStatus>('/status', { authCall: true });

/** What the app must know before rendering: maintenance flag, environment, dev outbox. */
export function useAppStatus() {
  return useQuery({
    queryKey: queryKeys.status,
    queryFn: fetchAppStatus,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
    retry: 1,
  });
}
