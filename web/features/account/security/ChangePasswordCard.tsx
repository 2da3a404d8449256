import { Button, PasswordInput, Stack } from '@mantine/core';
import { changePasswordFormSchema } from '@common/api/users';
import { PASSWORD_MIN } from '@common/limits';
import { useUpdatePassword } from '../api/users';
import { FormAlert } from '@web/components/auth/FormAlert';
import { snackbar } from '@web/components/snackbar/snackbar';
import { useZodForm } from '@web/forms/useZodForm';
import { SettingsCard } from '@web/components/settings/SettingsCard';

const EMPTY = { old_password: '', new_password: '', new_password_confirmation: '' };

/** Old, new and confirmed password, each at least 8 characters. */
export function ChangePasswordCard({ userId }: { userId: number }) {
  const update = useUpdatePassword(userId);
  const form = useZodForm(changePasswordFormSchema, EMPTY);

  const save = form.onSubmit(({ old_password, new_password }) =>
    update.mutate(
      { old_password, new_password },
      {
        onSuccess: ({ message }) => {
          form.reset();
          snackbar.success({ title: 'Password updated', description: message });
        },
        onError: (error) => {
          const split = form.showServerError(error);
          if (Object.keys(split.fields).length === 0) {
            form.setFormError(null);
            snackbar.error();
          }
        },
      },
    ),
  );

  return (
    <form onSubmit={save} noValidate data-testid="change-password">
      <SettingsCard
        title="Change password"
        description={`Use at least ${PASSWORD_MIN} characters. You stay logged in on this device.`}
        footer={
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty}>
            Update password
          </Button>
        }
      >
        {form.formError && <FormAlert>{form.formError}</FormAlert>}
        <Stack gap="md" maw={420}>
          <PasswordInput
            label="Old password"
            autoComplete="current-password"
            {...form.inputProps('old_password')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            {...form.inputProps('new_password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            {...form.inputProps('new_password_confirmation')}
          />
        </Stack>
      </SettingsCard>
    </form>
  );
}
