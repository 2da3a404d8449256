import type { ReactNode } from 'react';
import { Skeleton } from '@mantine/core';
import classes from './AssetView.module.css';

/**
 * The asset view's frame: the header across the top, the stage in the main area, and a right
 * column for `aside` (the comments panel) when there is one. It fills the window under the top
 * bar; nothing in it scrolls the page.
 */
export function AssetLayout({
  header,
  stage,
  aside,
}: {
  header: ReactNode;
  stage: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <div className={classes.layout} data-testid="asset-view">
      {header}
      <section className={classes.main} aria-label="Preview">
        {stage}
      </section>
      {aside ? <aside className={classes.aside}>{aside}</aside> : null}
    </div>
  );
}

/** The frame of the view while the asset loads: the header's height, the dark stage. */
export function AssetViewSkeleton() {
  return (
    <AssetLayout
      header={
        <header className={classes.header}>
          <Skeleton height={20} width={280} ml="md" />
          <Skeleton height={32} width={220} />
        </header>
      }
      stage={<div className={classes.statePanel} />}
    />
  );
}
