import { Avatar, type AvatarProps } from '@mantine/core';

/** The user's picture, or their initials on a colour derived from the name. */
export function UserAvatar({
  user,
  ...props
}: { user: { name: string; avatar: string | null } } & Omit<AvatarProps, 'src' | 'name'>) {
  return <Avatar src={user.avatar} name={user.name} color="initials" alt={user.name} {...props} />;
}
