import { PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import { PREFERENCES_SAVED } from '@common/api/errors';
import type { User } from '@common/api/users';
import { profileFieldsSchema } from '@common/api/users';
import { useUpdateProfile, type ProfileChanges } from '../api/users';
import { snackbar } from '@web/components/snackbar/snackbar';
import { UserAvatar } from '@web/components/UserAvatar/UserAvatar';
import { ImagePicker } from '@web/forms/ImagePicker';
import { usePickedImage } from '@web/forms/usePickedImage';
import { useZodForm } from '@web/forms/useZodForm';
import { SettingsForm } from '@web/components/settings/SettingsForm';
import { AVATAR_ACCEPT, avatarProblem } from './avatarFile';

/** Name, e-mail and avatar; Save only when something changed and everything is valid. */
export function ProfileForm({ user }: { user: User }) {
  const update = useUpdateProfile(user.id);
  const form = useZodForm(profileFieldsSchema, { name: user.name, email: user.email, current_password: '' });
  const avatar = usePickedImage('avatar', avatarProblem);

  const emailChanges = form.values.email.trim().toLowerCase() !== user.email;
  const changed = form.isDirty || avatar.picked !== null;
  const canSave =
    changed && form.isValid && !avatar.error && (!emailChanges || form.values.current_password !== '');

  const save = form.onSubmit((values) => {
    const changes: ProfileChanges = {};
    if (values.name.trim() !== user.name) changes.name = values.name.trim();
    if (values.email.trim().toLowerCase() !== user.email) {
      changes.email = values.email.trim();
      changes.currentPassword = values.current_password;
    }
    if (avatar.picked) changes.avatar = avatar.picked.file;
    update.mutate(changes, {
      onSuccess: () => snackbar.success({ title: PREFERENCES_SAVED }),
      onError: (error) => {
        if (!avatar.showSaveError(error, form)) snackbar.error();
      },
    });
  });

  return (
    <SettingsForm
      title="Profile"
      description="How you appear to the people you review with."
      testId="profile-form"
      form={form}
      image={avatar}
      onSubmit={save}
      changed={changed}
      canSave={canSave}
      pending={update.isPending}
      saveLabel="Save changes"
    >
      <ImagePicker
        preview={
          <UserAvatar
            user={{ name: form.values.name || user.name, avatar: avatar.picked?.url ?? user.avatar }}
            size={80}
            radius={999}
            data-testid="profile-avatar"
          />
        }
        accept={AVATAR_ACCEPT}
        label="Upload photo"
        hint="JPG, PNG or GIF, up to 5 MB."
        image={avatar}
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
    </SettingsForm>
  );
}
