import { Avatar, type AvatarProps } from '@mantine/core';

/** A workspace's logo, or its initials on a colour derived from the name. */
export function WorkspaceLogo({
  workspace,
  ...props
}: { workspace: { name: string; logo: string | null } } & Omit<AvatarProps, 'src' | 'name'>) {
  return (
    <Avatar
      src={workspace.logo}
      name={workspace.name}
      color="initials"
      alt={`${workspace.name} logo`}
      radius="md"
      {...props}
    />
  );
}
