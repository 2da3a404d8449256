/** True when `work` settles within `ms` (always, when `ms` is undefined); false when the time ran out first. */
export async function settledWithin(work: Promise<unknown>, ms: number | undefined): Promise<boolean> {
  const settled = work.then(
    () => true,
    () => true,
  );
  if (ms === undefined) return settled;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}
