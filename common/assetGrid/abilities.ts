import { can, type Capability, type ProjectActor } from '../projectRoles';

/**
 * What the caller may do to a project's assets, read from the §6 table the server's asset policy
 * reads too (server/policies/assets.ts ASSET_ACTIONS): the grid hides what would be refused.
 */
const NEEDS = {
  rename: 'assets.editTitle',
  destroy: 'assets.destroy',
  move: 'folders.edit',
  approve: 'assets.approve',
  flag: 'assets.approve',
  label: 'assets.approve',
  download: 'assets.see',
} as const satisfies Record<string, Capability>;

export type AssetAbility = keyof typeof NEEDS;
export type AssetAbilities = Record<AssetAbility, boolean>;

export function assetAbilities(actor: ProjectActor): AssetAbilities {
  const entries = (Object.keys(NEEDS) as AssetAbility[]).map((k) => [k, can(actor, NEEDS[k])] as const);
  return Object.fromEntries(entries) as AssetAbilities;
}

/** Whether the keyboard and the selection bar offer any change at all (a viewer only looks). */
export function changesAnything(abilities: AssetAbilities): boolean {
  return abilities.approve || abilities.destroy || abilities.move || abilities.rename;
}
