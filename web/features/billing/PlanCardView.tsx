import {
  Badge,
  Box,
  Button,
  Group,
  List,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconMail, IconSparkles } from '@tabler/icons-react';
import type { PricingPlan, PricingPlanPrice } from '@common/api/billing';
import { startsFreeTrial, type PlanCard } from '@common/planCards';
import { formatDollars, isAnnualPrice, monthlyCost, PLAN_LIMITS_TOOLTIP } from '@common/plans';
import { CONTACT_US_URL } from '@web/features/workspaces';
import { formatBillingDate } from './formats';
import { cardButton, planFeatures, trialFeatures } from './planOptions';
import classes from './billing.module.css';

interface PlanCardViewProps {
  plan: PricingPlan;
  price: PricingPlanPrice;
  card: PlanCard;
  /** The plan whose limits the card lists: the Free Trial's on the card that starts a trial. */
  shownPlan: PricingPlan;
  /** When the pending downgrade to this plan takes effect. */
  pendingSince: string | null;
  loading: boolean;
  disabledByBusy: boolean;
  onChoose: () => void;
}

/** One plan in 'Change Workspace Plan': name, price per month, what it includes, and its button. */
export function PlanCardView({
  plan,
  price,
  card,
  shownPlan,
  pendingSince,
  loading,
  disabledByBusy,
  onChoose,
}: PlanCardViewProps) {
  const button = cardButton(card.state, plan);
  const current = card.state === 'stay' || card.state === 'cancelDowngrade';
  const annual = isAnnualPrice(price);
  const trial = startsFreeTrial(card, plan);
  const paidPrice = `${formatDollars(price.cost)} a ${annual ? 'year' : 'month'}`;
  const features = trial && shownPlan !== plan ? trialFeatures(shownPlan, plan) : planFeatures(plan);

  const action = (
    <Button
      fullWidth
      size="md"
      variant={card.state === 'downgrade' || button.inert ? 'default' : 'filled'}
      disabled={button.inert || card.disabled || disabledByBusy}
      loading={loading}
      onClick={onChoose}
      data-testid={`plan-button-${plan.id}`}
    >
      {button.label}
    </Button>
  );

  return (
    <Paper
      withBorder
      p="lg"
      className={`${classes.planCard} ${current ? classes.planCardCurrent : ''}`}
      data-testid={`plan-card-${plan.id}`}
      data-state={card.state}
    >
      <Group justify="space-between" align="center" mb="xs">
        <Title order={3}>{plan.name}</Title>
        {current && (
          <Badge variant="light" radius="sm">
            Current
          </Badge>
        )}
        {trial && (
          <Badge variant="light" color="teal" radius="sm" leftSection={<IconSparkles size={12} />}>
            Free Trial
          </Badge>
        )}
      </Group>
      {trial ? (
        <>
          <Group gap={6} align="baseline">
            <Text fz={32} fw={700} lh={1.1}>
              Free
            </Text>
            <Text c="dimmed" size="sm">
              during the trial
            </Text>
          </Group>
          <Text size="sm" c="dimmed" mb="md">
            No card needed
          </Text>
        </>
      ) : (
        <>
          <Group gap={6} align="baseline">
            <Text fz={32} fw={700} lh={1.1}>
              {formatDollars(monthlyCost(price))}
            </Text>
            <Text c="dimmed" size="sm">
              / month
            </Text>
          </Group>
          <Text size="sm" c="dimmed" mb="md">
            {annual ? `${formatDollars(price.cost)} billed annually` : 'Billed monthly'}
          </Text>
        </>
      )}
      <List
        spacing={8}
        size="sm"
        mb="lg"
        icon={
          <ThemeIcon size={18} radius="xl" variant="light" color="teal">
            <IconCheck size={12} />
          </ThemeIcon>
        }
        style={{ flex: 1 }}
      >
        {features.map((feature) => (
          <List.Item key={feature}>{feature}</List.Item>
        ))}
      </List>
      {trial && (
        <Text size="xs" c="dimmed" mb="xs" ta="center" data-testid="trial-then-price">
          After the trial: {paidPrice}
        </Text>
      )}
      {pendingSince && (
        <Text size="xs" c="dimmed" mb="xs" ta="center">
          Starts on {formatBillingDate(pendingSince)}
        </Text>
      )}
      {card.disabled && !button.inert ? (
        <Tooltip label={PLAN_LIMITS_TOOLTIP} multiline w={280} withArrow zIndex={1000}>
          <Box data-testid={`plan-limits-${plan.id}`}>{action}</Box>
        </Tooltip>
      ) : (
        action
      )}
    </Paper>
  );
}

/** The Custom card: 'Need something different?' with Contact us. */
export function CustomPlanCard() {
  return (
    <Paper withBorder p="lg" className={classes.customCard} data-testid="plan-card-custom">
      <Title order={3} mb="xs">
        Custom
      </Title>
      <Stack gap="sm" style={{ flex: 1 }}>
        <Text fw={600}>Need something different?</Text>
        <Text size="sm" c="dimmed">
          More members, more storage or a different way to pay: tell us what your team needs and we will put a
          plan together.
        </Text>
      </Stack>
      <Button
        component="a"
        href={CONTACT_US_URL}
        variant="default"
        size="md"
        fullWidth
        mt="lg"
        leftSection={<IconMail size={16} />}
      >
        Contact us
      </Button>
    </Paper>
  );
}
