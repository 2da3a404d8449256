import { ASSET_ACTIONS, type AssetAction } from '../assetActions';
import { can, type ProjectActor } from '../projectRoles';

/**
 * What the caller may do to a project's assets, each by the asset action whose right it needs
 * (the §6 table the server's asset policy reads too): the grid hides what would be refused.
 * Downloading a file is seeing it.
 */
const NEEDS = {
  rename: 'rename',
  destroy: 'destroy',
  move: 'move',
  approve: 'approve',
  flag: 'flag',
  label: 'label',
  download: 'see',
} as const satisfies Record<string, AssetAction>;

/** Beside the asset actions: a link to some assets needs the right to share the project (§6). */
export type AssetAbility = keyof typeof NEEDS | 'share';
export type AssetAbilities = Record<AssetAbility, boolean>;

export function assetAbilities(actor: ProjectActor): AssetAbilities {
  const entries = (Object.keys(NEEDS) as (keyof typeof NEEDS)[]).map(
    (k) => [k, can(actor, ASSET_ACTIONS[NEEDS[k]])] as const,
  );
  return { ...Object.fromEntries(entries), share: can(actor, 'projects.share') } as AssetAbilities;
}

/** Whether the keyboard and the selection bar offer any change at all (a viewer only looks). */
export function changesAnything(abilities: AssetAbilities): boolean {
  return abilities.approve || abilities.destroy || abilities.move || abilities.rename;
}
