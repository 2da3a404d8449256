/** Where `id` lands when dropped on `overId`: the new order of all ids. */
export function reorder(ids: readonly number[], id: number, overId: number): number[] {
  const from = ids.indexOf(id);
  const to = ids.indexOf(overId);
  if (from === -1 || to === -1 || from === to) return [...ids];
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}
