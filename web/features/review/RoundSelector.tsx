import { useState } from 'react';
import type { AssetRound, AssetView } from '@common/api/assets';
import type { AssetAbilities } from '@common/assetGrid/abilities';
import { useProject } from '@web/features/projects';
import { useSignedInUser } from '@web/features/account';
import { DeleteRoundPopup } from './DeleteRoundPopup';
import { RoundMenu } from './RoundMenu';
import { canDeleteLastRound } from './useDeleteLastRound';

/** The round menu, with deleting the latest round for those who may (and its confirmation). */
export function RoundSelector({
  asset,
  rounds,
  shown,
  abilities,
  disabled,
  onPick,
}: {
  asset: AssetView;
  rounds: readonly AssetRound[];
  shown: AssetRound;
  abilities: AssetAbilities;
  disabled: boolean;
  onPick: (roundId: number) => void;
}) {
  const role = useProject(asset.project_id).data?.current_user_role?.name ?? null;
  const userId = useSignedInUser()?.id ?? null;
  const [asking, setAsking] = useState(false);
  const latest = asset.current_version;
  const mayDelete = canDeleteLastRound(abilities, role, latest, rounds.length, userId);
  const previous = rounds.at(-2)?.number ?? latest.number - 1;
  return (
    <>
      <RoundMenu
        rounds={rounds.length > 0 ? rounds : [latest]}
        shown={shown}
        latestId={asset.version_id}
        disabled={disabled}
        onPick={onPick}
        onDeleteLatest={mayDelete ? () => setAsking(true) : undefined}
      />
      <DeleteRoundPopup
        asset={asset}
        round={asking ? latest.number : null}
        previous={previous}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
