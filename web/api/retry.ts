/** Retries a failed read, but not a 403 or 404: those are answers the page shows. */
export function retryUnlessAccessError(count: number, error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return status !== 403 && status !== 404 && count < 2;
}
