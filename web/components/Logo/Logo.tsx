import { Group, Text } from '@mantine/core';

/** The Proofroom mark: a "P" with a review dot. `inverted` draws it for dark backgrounds. */
export function LogoMark({ size = 28, inverted = false }: { size?: number; inverted?: boolean }) {
  const back = inverted ? '#fff' : 'var(--mantine-color-brand-6)';
  const front = inverted ? 'var(--mantine-color-brand-6)' : '#fff';
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill={back} />
      <path d="M10 8h8a6 6 0 0 1 0 12h-4v4h-4z" fill={front} />
      <circle cx="18" cy="14" r="2.2" fill={back} />
    </svg>
  );
}

export function Logo({
  size = 28,
  withWordmark = true,
  inverted = false,
}: {
  size?: number;
  withWordmark?: boolean;
  inverted?: boolean;
}) {
  return (
    <Group gap={10} wrap="nowrap" aria-label="Proofroom">
      <LogoMark size={size} inverted={inverted} />
      {withWordmark && (
        <Text fw={700} fz={size * 0.68} lts={-0.3} c={inverted ? 'white' : 'var(--mantine-color-text)'}>
          Proofroom
        </Text>
      )}
    </Group>
  );
}
