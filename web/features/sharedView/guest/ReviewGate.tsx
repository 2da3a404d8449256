import type { ReactNode } from 'react';
import { Group, Text } from '@mantine/core';
import { GuestMark } from '@web/components/GuestMark/GuestMark';
import { UserAvatar } from '@web/components/UserAvatar/UserAvatar';
import { useSharedProject } from '@web/features/sharing';
import { SharedLoading, SharedRefusal } from '../SharedRefusal';
import { useGuest } from './guestApi';
import { JoinReview } from './JoinReview';

/**
 * The guest of the link, when it is a review link and this browser has joined it: null on a
 * view-only link, before joining and while either is read.
 */
export function useReviewGuest(shareHash: string) {
  const project = useSharedProject(shareHash);
  // A link refused since (revoked, expired) has no guest any more.
  const review = !project.isError && project.data?.link.kind === 'review';
  const guest = useGuest(shareHash, review);
  return review ? (guest.data ?? null) : null;
}

/**
 * The pages of a review link open once the visitor has joined it: before that the 'Join the
 * review' screen takes their place. A view-only link, and a link still loading or refused (the
 * pages show why), pass through.
 */
export function ReviewGate({ shareHash, children }: { shareHash: string; children: ReactNode }) {
  const project = useSharedProject(shareHash);
  const review = project.data?.link.kind === 'review';
  const guest = useGuest(shareHash, review);
  if (!project.data || project.isError || !review) return children;
  if (guest.isPending) return <SharedLoading />;
  if (guest.isError)
    return <SharedRefusal shareHash={shareHash} error={guest.error} onRetry={() => void guest.refetch()} />;
  if (guest.data === null) return <JoinReview shareHash={shareHash} project={project.data} />;
  return children;
}

/** In the shared view's bar: the guest's own name and the 'Guest' mark, once they have joined. */
export function GuestIdentity({ shareHash }: { shareHash: string }) {
  const guest = useReviewGuest(shareHash);
  if (!guest) return null;
  return (
    <Group gap={8} wrap="nowrap" data-testid="guest-identity" maw={260}>
      <UserAvatar user={{ name: guest.name, avatar: null }} size={28} />
      <Text size="sm" fw={600} truncate title={guest.name}>
        {guest.name}
      </Text>
      <GuestMark />
    </Group>
  );
}
