import type { FormEvent, ReactNode } from 'react';
import { FormAlert } from '@web/components/auth/FormAlert';
import { SaveFooter } from './SaveFooter';
import { SettingsCard } from './SettingsCard';

/**
 * A settings card that is a form: a message for the whole form above its fields, and below them
 * Discard (which resets the fields and drops a picked image) and the save button.
 */
export function SettingsForm(props: {
  title: string;
  description: ReactNode;
  testId: string;
  /** The `useZodForm` the fields are bound to. */
  form: { formError: string | null; reset: () => void };
  /** The `usePickedImage` of an image field, if the form has one. */
  image?: { discard: () => void };
  onSubmit: (event: FormEvent) => void;
  changed: boolean;
  canSave: boolean;
  pending: boolean;
  saveLabel: string;
  children: ReactNode;
}) {
  function discard() {
    props.form.reset();
    props.image?.discard();
  }

  return (
    <form onSubmit={props.onSubmit} noValidate data-testid={props.testId}>
      <SettingsCard
        title={props.title}
        description={props.description}
        footer={
          <SaveFooter
            changed={props.changed}
            canSave={props.canSave}
            pending={props.pending}
            onDiscard={discard}
            label={props.saveLabel}
          />
        }
      >
        {props.form.formError && <FormAlert>{props.form.formError}</FormAlert>}
        {props.children}
      </SettingsCard>
    </form>
  );
}
