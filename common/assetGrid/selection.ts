/**
 * Which assets of a grid are selected, and how clicks and keys change that. Pure: the grid gives
 * the ids in their shown order; the anchor is where a shift-click or shift-arrow range starts.
 */
export interface GridSelection {
  readonly ids: ReadonlySet<number>;
  readonly anchor: number | null;
}

export const EMPTY_SELECTION: GridSelection = { ids: new Set(), anchor: null };

export interface ClickModifiers {
  /** Shift: a range from the anchor. */
  range: boolean;
  /** Ctrl or Cmd: add or remove one, keeping the rest. */
  toggle: boolean;
}

/** The ids between `from` and `to` in `order`, both included, in shown order. */
export function idsBetween(order: readonly number[], from: number, to: number): number[] {
  const a = order.indexOf(from);
  const b = order.indexOf(to);
  if (a < 0 || b < 0) return b < 0 ? [] : [to];
  return order.slice(Math.min(a, b), Math.max(a, b) + 1);
}

/**
 * A click on an asset, as file managers do it: a plain click selects that asset alone; Ctrl/Cmd
 * adds or removes it; shift selects the range from the anchor (added to the rest when Ctrl/Cmd is
 * held too). The tile's checkbox clicks with `toggle` always set.
 */
export function clickSelect(
  selection: GridSelection,
  order: readonly number[],
  id: number,
  modifiers: ClickModifiers,
): GridSelection {
  if (modifiers.range && selection.anchor !== null && order.includes(selection.anchor)) {
    const range = idsBetween(order, selection.anchor, id);
    const ids = modifiers.toggle ? new Set([...selection.ids, ...range]) : new Set(range);
    return { ids, anchor: selection.anchor };
  }
  if (modifiers.toggle) return toggleOne(selection, id);
  return { ids: new Set([id]), anchor: id };
}

export function toggleOne(selection: GridSelection, id: number): GridSelection {
  const ids = new Set(selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: id };
}

/** Shift with an arrow key: the range from the anchor (or from where focus was) to the new focus. */
export function extendTo(
  selection: GridSelection,
  order: readonly number[],
  from: number,
  to: number,
): GridSelection {
  const anchor = selection.anchor !== null && order.includes(selection.anchor) ? selection.anchor : from;
  return { ids: new Set(idsBetween(order, anchor, to)), anchor };
}

export function selectAll(order: readonly number[]): GridSelection {
  return { ids: new Set(order), anchor: order[0] ?? null };
}

/** Replaces the selection with `ids` (a drag rectangle), or adds them when `add` is set. */
export function selectMany(selection: GridSelection, ids: readonly number[], add: boolean): GridSelection {
  const next = add ? new Set([...selection.ids, ...ids]) : new Set(ids);
  return { ids: next, anchor: ids[0] ?? selection.anchor };
}

/** Assets that left the list (deleted, moved, filtered out) leave the selection too. */
export function keepPresent(selection: GridSelection, present: ReadonlySet<number>): GridSelection {
  let changed = false;
  const ids = new Set<number>();
  for (const id of selection.ids) {
    if (present.has(id)) ids.add(id);
    else changed = true;
  }
  const anchor = selection.anchor !== null && present.has(selection.anchor) ? selection.anchor : null;
  if (!changed && anchor === selection.anchor) return selection;
  return { ids, anchor };
}

/**
 * What a keyboard action applies to: the whole selection when the focused asset is part of it
 * (or nothing is focused), otherwise the focused asset alone, so a stray selection elsewhere is
 * never changed by surprise.
 */
export function actionTargets(selection: GridSelection, focused: number | null, order: readonly number[]) {
  if (selection.ids.size > 0 && (focused === null || selection.ids.has(focused)))
    return order.filter((id) => selection.ids.has(id));
  return focused === null ? [] : [focused];
}
