import { SaveFooter } from '@web/routes/settings/SaveFooter';
import { useEffect, useState } from 'react';
import { PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import { PREFERENCES_SAVED } from '@common/api/errors';
import type { User } from '@common/api/users';
import { profileFieldsSchema } from '@common/api/users';
import { isApiError } from '@web/api/client';
import { useUpdateProfile, type ProfileChanges } from '@web/api/users';
import { FormAlert } from '@web/components/auth/FormAlert';
import { snackbar } from '@web/components/snackbar/snackbar';
import { useZodForm } from '@web/forms/useZodForm';
import { SettingsCard } from '../SettingsCard';
import { avatarProblem } from './avatarFile';
import { AvatarPicker } from './AvatarPicker';

interface PickedAvatar {
  file: File;
  url: string;
}

/** Name, e-mail and avatar; Save only when something changed and everything is valid. */
export function ProfileForm({ user }: { user: User }) {
  const update = useUpdateProfile(user.id);
  const form = useZodForm(profileFieldsSchema, { name: user.name, email: user.email, current_password: '' });
  const [avatar, setAvatar] = useState<PickedAvatar | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (avatar) URL.revokeObjectURL(avatar.url);
    },
    [avatar],
  );

  function pick(file: File) {
    const problem = avatarProblem(file);
    setAvatarError(problem);
    setAvatar(problem ? null : { file, url: URL.createObjectURL(file) });
  }

  const emailChanges = form.values.email.trim().toLowerCase() !== user.email;
  const changed = form.isDirty || avatar !== null;
  const canSave =
    changed && form.isValid && !avatarError && (!emailChanges || form.values.current_password !== '');

  const save = form.onSubmit((values) => {
    const changes: ProfileChanges = {};
    if (values.name.trim() !== user.name) changes.name = values.name.trim();
    if (values.email.trim().toLowerCase() !== user.email) {
      changes.email = values.email.trim();
      changes.currentPassword = values.current_password;
    }
    if (avatar) changes.avatar = avatar.file;
    update.mutate(changes, {
      onSuccess: () => snackbar.success({ title: PREFERENCES_SAVED }),
      onError: (error) => {
        const split = form.showServerError(error);
        const avatarMessage = isApiError(error, 'payload_too_large')
          ? error.message
          : isApiError(error)
            ? error.fieldMessages('avatar')[0]
            : undefined;
        if (avatarMessage) {
          form.setFormError(null);
          setAvatarError(avatarMessage);
        } else if (Object.keys(split.fields).length === 0) {
          form.setFormError(null);
          snackbar.error();
        }
      },
    });
  });

  function discard() {
    form.reset();
    setAvatar(null);
    setAvatarError(null);
  }

  return (
    <form onSubmit={save} noValidate data-testid="profile-form">
      <SettingsCard
        title="Profile"
        description="How you appear to the people you review with."
        footer={
          <SaveFooter
            changed={changed}
            canSave={canSave}
            pending={update.isPending}
            onDiscard={discard}
            label="Save changes"
          />
        }
      >
        {form.formError && <FormAlert>{form.formError}</FormAlert>}
        <AvatarPicker
          name={form.values.name || user.name}
          src={avatar?.url ?? user.avatar}
          error={avatarError}
          onPick={pick}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Name" autoComplete="name" {...form.inputProps('name')} />
          <TextInput label="Email" type="email" autoComplete="email" {...form.inputProps('email')} />
        </SimpleGrid>
        {emailChanges && (
          <PasswordInput
            label="Current password"
            description="To change your e-mail, confirm it is you. We will also let your old address know."
            autoComplete="current-password"
            maw={{ sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
            data-testid="profile-current-password"
            {...form.inputProps('current_password')}
          />
        )}
      </SettingsCard>
    </form>
  );
}
