import { Button, Paper, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconMessageCircleUser } from '@tabler/icons-react';
import { joinGuestSchema } from '@common/api/guests';
import type { SharedProject } from '@common/api/projects';
import { FormAlert } from '@web/components/auth/FormAlert';
import { Page } from '@web/components/page/Page';
import { useZodForm } from '@web/forms/useZodForm';
import { useJoinReview } from './guestApi';
import { guestFailure } from './guestFailure';

export const JOIN_TEXTS = {
  title: 'Join the review',
  intro: (workspace: string, project: string) =>
    `${workspace} asks for your review of ${project}. Tell them who you are: your name shows beside your comments and your decisions.`,
  name: 'Your name',
  namePlaceholder: 'e.g. Maria Lopez',
  email: 'E-mail',
  emailHint: 'Optional: only the team sees it, to reach you about your feedback.',
  submit: 'Join the review',
  noAccount: 'No account needed.',
} as const;

/**
 * The first visit to a review link: the guest's name (required) and e-mail (optional), checked by
 * the contract's schema, the server's messages under the fields or above the form (too many
 * reviewers, too many tries). Joining keeps the guest in this browser for the link.
 */
export function JoinReview({ shareHash, project }: { shareHash: string; project: SharedProject }) {
  const join = useJoinReview(shareHash);
  const form = useZodForm(joinGuestSchema, { name: '', email: '' });
  const submit = form.onSubmit(({ name, email }) =>
    join.mutate(
      { name, email: email.trim() === '' ? null : email },
      {
        onError: (error) => {
          const failure = guestFailure(error);
          if (failure.kind === 'message') form.setFormError(failure.message);
          else form.showServerError(error);
        },
      },
    ),
  );
  return (
    <Page size={560}>
      <Paper withBorder radius="lg" p={40} mt={40} data-testid="join-review">
        <Stack gap="lg">
          <Stack gap="sm" align="center" ta="center">
            <ThemeIcon size={52} radius="xl" variant="light">
              <IconMessageCircleUser size={28} />
            </ThemeIcon>
            <Title order={1} size="h2">
              {JOIN_TEXTS.title}
            </Title>
            <Text c="dimmed" size="sm" maw={420}>
              {JOIN_TEXTS.intro(project.workspace.name, project.name)}
            </Text>
          </Stack>
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              {form.formError && <FormAlert>{form.formError}</FormAlert>}
              <TextInput
                label={JOIN_TEXTS.name}
                placeholder={JOIN_TEXTS.namePlaceholder}
                withAsterisk
                autoFocus
                autoComplete="name"
                maxLength={200}
                {...form.inputProps('name')}
              />
              <TextInput
                label={JOIN_TEXTS.email}
                description={JOIN_TEXTS.emailHint}
                type="email"
                autoComplete="email"
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...form.inputProps('email')}
              />
              <Button type="submit" size="md" fullWidth loading={join.isPending} mt="xs">
                {JOIN_TEXTS.submit}
              </Button>
              <Text size="xs" c="dimmed" ta="center">
                {JOIN_TEXTS.noAccount}
              </Text>
            </Stack>
          </form>
        </Stack>
      </Paper>
    </Page>
  );
}
