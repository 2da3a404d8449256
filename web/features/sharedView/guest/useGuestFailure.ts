import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { sharedKeys } from '@web/api/keys';
import { guestKeys } from './guestApi';
import { guestFailure } from './guestFailure';

/**
 * What a guest's refused call does to the page: a link that may be gone is read again (the pages
 * then show the shared view's refusal: revoked, expired, locked), a guest the link no longer knows
 * joins again, and anything else answers the sentence to show where the guest acted.
 */
export function useGuestFailure(shareHash: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (error: unknown): string => {
      const failure = guestFailure(error);
      switch (failure.kind) {
        case 'refused':
          void queryClient.invalidateQueries({ queryKey: sharedKeys.project(shareHash) });
          return failure.message;
        case 'rejoin':
          queryClient.setQueryData(guestKeys.me(shareHash), null);
          return '';
        case 'fields':
          return failure.messages[0] ?? '';
        case 'message':
          return failure.message;
      }
    },
    [queryClient, shareHash],
  );
}
