import { Anchor, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconHome } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { crumbAction, projectCrumbLabel } from '@common/breadcrumbs';
import type { Crumb } from './crumbs';
import classes from './Breadcrumbs.module.css';

/** React Router keeps its own history index; above 0 there is an in-app page to go back to. */
function hasInAppHistory(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

function crumbText(crumb: Crumb, count: number): string {
  return crumb.kind === 'project' ? projectCrumbLabel(crumb.label, count > 1) : crumb.label;
}

function CrumbItem({ crumb, index, count }: { crumb: Crumb; index: number; count: number }) {
  const navigate = useNavigate();
  const text = crumbText(crumb, count);
  const title = text === crumb.label ? undefined : crumb.label;
  const action = crumbAction(index, count, crumb.to, false);

  if (action.kind === 'none') {
    return (
      <Text className={classes.current} title={title} aria-current="page" truncate>
        {text}
      </Text>
    );
  }
  if (action.kind === 'link') {
    return (
      <Anchor component={Link} to={crumb.to} className={classes.link} title={title}>
        {text}
      </Anchor>
    );
  }
  // Second-to-last: back in history when possible, else replace the location (projects-side §2).
  return (
    <UnstyledButton
      className={classes.link}
      title={title}
      onClick={() => {
        const decided = crumbAction(index, count, crumb.to, hasInAppHistory());
        if (decided.kind === 'back') void navigate(-1);
        else void navigate(crumb.to, { replace: true });
      }}
    >
      {text}
    </UnstyledButton>
  );
}

/** The trail in the top bar: home icon (hidden in a shared view), then project > folder > asset. */
export function Breadcrumbs({ crumbs, shared = false }: { crumbs: Crumb[]; shared?: boolean }) {
  return (
    <Group component="nav" aria-label="Breadcrumbs" gap={6} wrap="nowrap" className={classes.root}>
      {!shared && (
        <Tooltip label="All projects" openDelay={300}>
          <Anchor component={Link} to="/projects" className={classes.home} aria-label="All projects">
            <IconHome size={18} />
          </Anchor>
        </Tooltip>
      )}
      {crumbs.map((crumb, index) => (
        <Group key={`${crumb.kind}-${crumb.to}`} gap={6} wrap="nowrap" className={classes.level}>
          {(index > 0 || !shared) && <IconChevronRight size={14} className={classes.separator} />}
          <CrumbItem crumb={crumb} index={index} count={crumbs.length} />
        </Group>
      ))}
    </Group>
  );
}
