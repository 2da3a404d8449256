import { Avatar, Text, Tooltip } from '@mantine/core';
import { UserAvatar } from '@web/components/UserAvatar/UserAvatar';
import { useSignedInUser } from '@web/features/account';
import { otherViewers, useAssetPresence } from './presence';

/** At most this many faces; the rest are counted in a '+N' bubble. */
export const VIEWERS_SHOWN = 4;

export const ASSET_VIEWERS_TEXTS = {
  label: 'Also looking at this asset',
  more: (names: readonly string[]) => names.join(', '),
} as const;

/**
 * The other people looking at this asset now, in its header (issue 24 item 5): a face each with
 * their name on hover, at most VIEWERS_SHOWN and '+N' for the rest. Presence is announced while the
 * component is shown; with nobody else here it draws nothing.
 */
export function AssetViewers({ assetId }: { assetId: number }) {
  const me = useSignedInUser();
  const others = otherViewers(useAssetPresence(assetId), me?.id ?? null);
  if (others.length === 0) return null;
  const shown = others.slice(0, VIEWERS_SHOWN);
  const rest = others.slice(shown.length);
  return (
    <Tooltip.Group openDelay={200} closeDelay={100}>
      <Avatar.Group spacing={8} aria-label={ASSET_VIEWERS_TEXTS.label} data-testid="asset-viewers">
        {shown.map((viewer) => (
          <Tooltip key={viewer.id} label={viewer.name} withArrow>
            <UserAvatar
              user={{ name: viewer.name, avatar: viewer.avatar_url }}
              size={30}
              radius="xl"
              data-testid="asset-viewer"
            />
          </Tooltip>
        ))}
        {rest.length > 0 && (
          <Tooltip label={ASSET_VIEWERS_TEXTS.more(rest.map((v) => v.name))} withArrow multiline maw={260}>
            <Avatar size={30} radius="xl" color="gray" data-testid="asset-viewers-more">
              <Text size="11px" fw={600}>
                +{rest.length}
              </Text>
            </Avatar>
          </Tooltip>
        )}
      </Avatar.Group>
    </Tooltip.Group>
  );
}
