import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { UserAvatar } from '@web/components/UserAvatar/UserAvatar';
import { AVATAR_ACCEPT } from './avatarFile';

/** The current or newly picked avatar, with the upload button and its rules. */
export function AvatarPicker({
  name,
  src,
  error,
  onPick,
}: {
  name: string;
  src: string | null;
  error: string | null;
  onPick: (file: File) => void;
}) {
  return (
    <Group gap="lg" wrap="nowrap">
      <UserAvatar user={{ name, avatar: src }} size={80} radius={999} data-testid="profile-avatar" />
      <Stack gap={6}>
        <FileButton accept={AVATAR_ACCEPT} onChange={(file) => file && onPick(file)}>
          {(props) => (
            <Button variant="default" leftSection={<IconUpload size={16} />} {...props}>
              Upload photo
            </Button>
          )}
        </FileButton>
        <Text size="xs" c={error ? 'red' : 'dimmed'} role={error ? 'alert' : undefined}>
          {error ?? 'JPG, PNG or GIF, up to 5 MB.'}
        </Text>
      </Stack>
    </Group>
  );
}
