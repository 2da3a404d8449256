import { Box, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLink, IconMessageCircle, IconStack2 } from '@tabler/icons-react';
import { Link, Outlet } from 'react-router';
import { Logo } from '../Logo/Logo';
import classes from './AuthLayout.module.css';

const points = [
  { icon: IconStack2, text: 'Upload images and documents into projects' },
  { icon: IconMessageCircle, text: 'Comment with markup, round after round' },
  { icon: IconLink, text: 'Share a project with anyone by link' },
];

/** Authentication and invitation pages: a brand panel beside a narrow form column. */
export function AuthLayout() {
  return (
    <div className={classes.root}>
      <aside className={classes.brand}>
        <Logo size={30} inverted />
        <Stack gap="xl" maw={380}>
          <Title order={1} c="white" fz={34} lh={1.2}>
            Review creative work, round after round.
          </Title>
          <Stack gap="md">
            {points.map(({ icon: Icon, text }) => (
              <Box key={text} className={classes.point}>
                <ThemeIcon variant="white" color="brand" radius="xl" size={32}>
                  <Icon size={17} />
                </ThemeIcon>
                <Text c="brand.0" size="md">
                  {text}
                </Text>
              </Box>
            ))}
          </Stack>
        </Stack>
        <Text c="brand.2" size="xs">
          © Proofroom
        </Text>
      </aside>
      <main className={classes.main}>
        <Link to="/" className={classes.mobileLogo} aria-label="Proofroom home">
          <Logo size={28} />
        </Link>
        <div className={classes.column}>
          <Outlet />
        </div>
      </main>
    </div>
  );
}
