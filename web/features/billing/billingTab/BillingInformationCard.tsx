import { useState } from 'react';
import { Button, Center, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import type { BillingInformation } from '@common/api/billing';
import { PREFERENCES_SAVED } from '@common/api/errors';
import { countryName } from '@common/billing/countries';
import { postalCodeLabel, regionLabel } from '@common/billing/postalCode';
import { useBillingInformation, useUpdateBillingInformation } from '../api/billing';
import { BillingInformationFields } from '../BillingInformationFields';
import { billingFormSchema, billingFormValues, billingInformationOf } from '../billingForm';
import { FormAlert } from '@web/components/auth/FormAlert';
import { LoadError } from '@web/components/page/LoadError';
import { snackbar } from '@web/components/snackbar/snackbar';
import { useZodForm } from '@web/forms/useZodForm';
import { SettingsCard } from '@web/components/settings/SettingsCard';

const TITLE = 'Billing information';
const DESCRIPTION = 'The address printed on your invoices.';

/** Billing information: shown, and edited in place (Save needs a change and every required field). */
export function BillingInformationCard({ workspaceId }: { workspaceId: number }) {
  const query = useBillingInformation(workspaceId);
  const [editing, setEditing] = useState(false);

  if (query.isPending)
    return (
      <SettingsCard title={TITLE} description={DESCRIPTION}>
        <Center py="md">
          <Loader size="sm" />
        </Center>
      </SettingsCard>
    );
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  if (editing)
    return (
      <BillingInformationForm workspaceId={workspaceId} info={query.data} onDone={() => setEditing(false)} />
    );

  const info = query.data;
  return (
    <SettingsCard
      title={TITLE}
      description={DESCRIPTION}
      testId="billing-information"
      footer={
        <Button variant={info ? 'default' : 'filled'} onClick={() => setEditing(true)}>
          {info ? 'Edit' : 'Add billing information'}
        </Button>
      }
    >
      {info ? (
        <SimpleGrid cols={3} spacing="lg" verticalSpacing="md">
          <Field label="Country" value={countryName(info.country) ?? info.country} />
          <Field label={regionLabel(info.country)} value={info.state} />
          <Field label={postalCodeLabel(info.country)} value={info.postal_code} />
          <Field label="Address" value={info.address} />
          <Field label="City" value={info.city} />
          <Field label="Company name" value={info.company_name || '—'} />
        </SimpleGrid>
      ) : (
        <Text c="dimmed" size="sm">
          No billing information yet. It is asked for at checkout, or you can add it now.
        </Text>
      )}
    </SettingsCard>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
}

function BillingInformationForm({
  workspaceId,
  info,
  onDone,
}: {
  workspaceId: number;
  info: BillingInformation | null;
  onDone: () => void;
}) {
  const form = useZodForm(billingFormSchema, billingFormValues(info));
  const update = useUpdateBillingInformation(workspaceId);
  const canSave = form.isDirty && form.isValid && !update.isPending;

  const save = form.onSubmit((values) => {
    if (!form.isDirty) return;
    update.mutate(billingInformationOf(values), {
      onSuccess: () => {
        snackbar.success({ title: PREFERENCES_SAVED });
        onDone();
      },
      onError: (error) => form.showServerError(error),
    });
  });

  return (
    <form onSubmit={save} noValidate data-testid="billing-information-form">
      <SettingsCard
        title={TITLE}
        description={DESCRIPTION}
        footer={
          <>
            <Button variant="default" onClick={onDone} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canSave} loading={update.isPending}>
              Save
            </Button>
          </>
        }
      >
        {form.formError && <FormAlert>{form.formError}</FormAlert>}
        <BillingInformationFields form={form} disabled={update.isPending} />
      </SettingsCard>
    </form>
  );
}
