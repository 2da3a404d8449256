import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

export const PAGE_LOAD_TEXTS = {
  failed: 'This page could not be shown. Download the file to read it.',
} as const;

/** A page the server answered with an error: its sentence, and whether trying again may help. */
export class PageLoadError extends Error {
  constructor(
    message: string,
    readonly busy: boolean,
  ) {
    super(message);
  }
}

/**
 * Fetches a document's page once, so that the stage knows when the server has drawn it (pages
 * past the first are drawn on their first view) and why it could not; the viewer's picture then
 * comes from the browser's cache (the address is kept a year).
 */
async function fetchPage(url: string, signal: AbortSignal): Promise<true> {
  const answer = await fetch(url, { signal, credentials: 'same-origin' });
  if (answer.ok) {
    await answer.blob();
    return true;
  }
  const body = (await answer.json().catch(() => null)) as {
    response?: { error?: { message?: unknown } };
  } | null;
  const message = body?.response?.error?.message;
  throw new PageLoadError(
    typeof message === 'string' ? message : PAGE_LOAD_TEXTS.failed,
    answer.status === 503,
  );
}

const pageKey = (url: string) => ['document-page', url] as const;

/**
 * The state of the page on screen (null for none: the first page is the round's preview, always
 * there), and the next page asked for ahead so that paging on shows it at once.
 */
export function useDocumentPage(url: string | null, nextUrl: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: pageKey(url ?? ''),
    queryFn: ({ signal }) => fetchPage(url!, signal),
    enabled: url !== null,
    staleTime: Infinity,
    retry: (failures, error) => error instanceof PageLoadError && error.busy && failures < 4,
    retryDelay: 2000,
  });
  useEffect(() => {
    if (!nextUrl || query.status !== 'success') return;
    void queryClient.prefetchQuery({
      queryKey: pageKey(nextUrl),
      queryFn: ({ signal }) => fetchPage(nextUrl, signal),
      staleTime: Infinity,
    });
  }, [queryClient, nextUrl, query.status]);
  return url === null ? null : query;
}
