import { useState } from 'react';
import { Button, Select, Switch, Table, Text } from '@mantine/core';
import { EMAIL_EVERY, type AlarmIdentifier } from '@common/api/notificationAlarms';
import { PREFERENCES_SAVED } from '@common/api/errors';
import type { NotificationsPreferences } from '@common/api/users';
import { useUpdateNotificationsPreferences } from '../api/notificationsPreferences';
import { snackbar } from '@web/components/snackbar/snackbar';
import { SettingsCard } from '@web/components/settings/SettingsCard';
import { alarmRows, draftFrom, draftToUpdate, isSameDraft, type AlarmDraft } from './alarmDraft';

/** In-app and e-mail toggles per event, plus how often e-mails are grouped. */
export function NotificationsForm({ prefs }: { prefs: NotificationsPreferences }) {
  const saved = draftFrom(prefs);
  const [draft, setDraft] = useState<AlarmDraft>(saved);
  const update = useUpdateNotificationsPreferences();
  const dirty = !isSameDraft(draft, saved);

  function toggle(channel: 'inApp' | 'email', identifier: AlarmIdentifier, value: boolean) {
    setDraft((current) => ({ ...current, [channel]: { ...current[channel], [identifier]: value } }));
  }

  function save() {
    update.mutate(draftToUpdate(draft), {
      onSuccess: () => snackbar.success({ title: PREFERENCES_SAVED }),
      onError: () => snackbar.error(),
    });
  }

  return (
    <SettingsCard
      testId="notifications-form"
      title="Notifications"
      description="Choose what you hear about in Proofroom and by e-mail."
      footer={
        <>
          {dirty && (
            <Button variant="default" onClick={() => setDraft(saved)} disabled={update.isPending}>
              Discard
            </Button>
          )}
          <Button onClick={save} disabled={!dirty} loading={update.isPending}>
            Save changes
          </Button>
        </>
      }
    >
      <Table verticalSpacing="sm" horizontalSpacing={0} withRowBorders>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Text size="xs" fw={700} c="dimmed" lts={0.5}>
                EVENT
              </Text>
            </Table.Th>
            <Table.Th w={96} ta="center">
              <Text size="xs" fw={700} c="dimmed" lts={0.5}>
                IN-APP
              </Text>
            </Table.Th>
            <Table.Th w={96} ta="center">
              <Text size="xs" fw={700} c="dimmed" lts={0.5}>
                E-MAIL
              </Text>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {alarmRows(prefs).map((row) => (
            <Table.Tr key={row.identifier}>
              <Table.Td>
                <Text size="sm">{row.text}</Text>
              </Table.Td>
              <Table.Td>
                <Switch
                  mx="auto"
                  w="fit-content"
                  checked={draft.inApp[row.identifier]}
                  onChange={(e) => toggle('inApp', row.identifier, e.currentTarget.checked)}
                  aria-label={`${row.text}: in-app`}
                />
              </Table.Td>
              <Table.Td>
                <Switch
                  mx="auto"
                  w="fit-content"
                  checked={draft.email[row.identifier]}
                  onChange={(e) => toggle('email', row.identifier, e.currentTarget.checked)}
                  aria-label={`${row.text}: e-mail`}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Select
        label="E-mail me"
        description="E-mails group everything that happened since the last one."
        data={EMAIL_EVERY.map((option) => ({ value: option.value, label: option.label }))}
        value={draft.emailEvery}
        onChange={(value) => value && setDraft((current) => ({ ...current, emailEvery: value }))}
        allowDeselect={false}
        maw={360}
      />
    </SettingsCard>
  );
}
