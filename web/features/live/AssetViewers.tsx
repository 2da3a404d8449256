import type { ReactNode } from 'react';
import { Avatar, Text, Tooltip } from '@mantine/core';
import { UserAvatar } from '@web/components/UserAvatar/UserAvatar';
import { useSignedInUser } from '@web/features/account';
import { facesAndMore, otherViewers, useAssetPresence, VIEWERS_SHOWN } from './presence';

export const ASSET_VIEWERS_TEXTS = {
  label: 'Also looking at this asset',
  more: (names: readonly string[]) => names.join(', '),
} as const;

/**
 * The other people looking at this asset now, in its header (issue 24 item 5): a face each with
 * their name on hover, at most VIEWERS_SHOWN and '+N' for the rest. Presence is announced while the
 * component is shown; with nobody else here it draws nothing (nor `trailing`, drawn after the faces).
 */
export function AssetViewers({ assetId, trailing }: { assetId: number; trailing?: ReactNode }) {
  const me = useSignedInUser();
  const others = otherViewers(useAssetPresence(assetId), me?.id ?? null);
  if (others.length === 0) return null;
  const { shown, rest } = facesAndMore(others, VIEWERS_SHOWN);
  return (
    <>
      <Avatar.Group spacing={4} aria-label={ASSET_VIEWERS_TEXTS.label} data-testid="asset-viewers">
        {shown.map((viewer) => (
          <Tooltip key={viewer.id} label={viewer.name} withArrow openDelay={200}>
            <UserAvatar
              user={{ name: viewer.name, avatar: viewer.avatar_url }}
              size={30}
              radius="xl"
              data-testid="asset-viewer"
            />
          </Tooltip>
        ))}
        {rest.length > 0 && (
          <Tooltip
            label={ASSET_VIEWERS_TEXTS.more(rest.map((v) => v.name))}
            withArrow
            multiline
            maw={260}
            openDelay={200}
          >
            <Avatar size={30} radius="xl" color="gray" data-testid="asset-viewers-more">
              <Text size="11px" fw={600}>
                +{rest.length}
              </Text>
            </Avatar>
          </Tooltip>
        )}
      </Avatar.Group>
      {trailing}
    </>
  );
}
