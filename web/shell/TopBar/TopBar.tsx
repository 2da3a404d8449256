import type { ReactNode } from 'react';
import { Group } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '@web/components/Logo/Logo';
import { UploadButton } from '@web/features/uploads';
import classes from './TopBar.module.css';

/** The bar above every signed-in page: logo home, the page's trail, and the right-side tools. */
export function TopBar({
  left,
  right,
  logoTo = '/projects',
}: {
  left?: ReactNode;
  right?: ReactNode;
  logoTo?: string;
}) {
  return (
    <header className={classes.bar}>
      <Group gap="lg" wrap="nowrap" className={classes.left}>
        <Link to={logoTo} className={classes.logo} aria-label="Proofroom home">
          <Logo size={26} />
        </Link>
        {left && <div className={classes.divider} />}
        {left}
      </Group>
      <Group gap="sm" wrap="nowrap">
        {/* The upload button and its Upload Box: signed-in pages only (it renders nothing elsewhere). */}
        <UploadButton />
        {right}
      </Group>
    </header>
  );
}
