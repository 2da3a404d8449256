import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useFocusReturnToOpener } from '@web/components/focus/useFocusReturnToOpener';
import { parseBoldMarkup } from './boldMarkup';
import { isGatedOff, type PopupActionVariant } from './popupActions';

export interface PopupAction {
  label: string;
  onClick: () => void;
  /** primary: filled brand; danger: filled red; secondary: quiet (Cancel). */
  variant?: PopupActionVariant;
  loading?: boolean;
  /** Disabled until the popup's checkbox is ticked; by default every non-secondary action is. */
  gated?: boolean;
}

export interface PopupRadio {
  value: string;
  label: string;
  description?: string;
}

export interface PopupProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** Plain text where **this** is shown bold. */
  description?: string;
  icon?: ReactNode;
  /** A checkbox the user must tick before the gated actions work (removal confirmations). */
  checkbox?: { label: string };
  radios?: { options: PopupRadio[]; value: string; onChange: (value: string) => void; label?: string };
  actions: PopupAction[];
  /** False while something is being sent: no close button, no Escape, no click outside. */
  closable?: boolean;
  children?: ReactNode;
}

function Description({ text }: { text: string }) {
  return (
    <Text c="dimmed" size="sm" lh={1.6}>
      {parseBoldMarkup(text).map((segment, index) =>
        segment.bold ? (
          <Text key={index} span fw={600} c="var(--mantine-color-text)">
            {segment.text}
          </Text>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </Text>
  );
}

const buttonLook = {
  primary: { variant: 'filled', color: 'brand' },
  danger: { variant: 'filled', color: 'red' },
  secondary: { variant: 'default', color: 'gray' },
} as const;

function PopupBody({ description, checkbox, radios, actions, children }: PopupProps) {
  const [ticked, setTicked] = useState(false);
  return (
    <Stack gap="lg">
      {description && <Description text={description} />}
      {children}
      {radios && (
        <Radio.Group value={radios.value} onChange={radios.onChange} label={radios.label}>
          <Stack gap="sm" mt={radios.label ? 'xs' : 0}>
            {radios.options.map((option) => (
              <Radio
                key={option.value}
                value={option.value}
                label={option.label}
                description={option.description}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {checkbox && (
        <Checkbox
          label={checkbox.label}
          checked={ticked}
          onChange={(event) => setTicked(event.currentTarget.checked)}
        />
      )}
      <Group justify="flex-end" gap="sm" mt="xs">
        {actions.map((action) => {
          const variant = action.variant ?? 'primary';
          return (
            <Button
              key={action.label}
              {...buttonLook[variant]}
              loading={action.loading}
              // Focus lands on the safe choice (Cancel), not on the close icon.
              data-autofocus={variant === 'secondary' || undefined}
              disabled={isGatedOff(action, Boolean(checkbox), ticked)}
              onClick={action.onClick}
            >
              {action.label}
            </Button>
          );
        })}
      </Group>
    </Stack>
  );
}

/** The generic popup of the spec: title, **bold** description, optional gate checkbox, radios, actions. */
export function Popup(props: PopupProps) {
  const closable = props.closable ?? true;
  useFocusReturnToOpener(props.opened);
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={
        <Group gap="sm" wrap="nowrap">
          {props.icon}
          <Text fw={650} size="lg">
            {props.title}
          </Text>
        </Group>
      }
      centered
      radius="lg"
      padding="xl"
      size="md"
      withCloseButton={closable}
      closeOnEscape={closable}
      closeOnClickOutside={closable}
      overlayProps={{ backgroundOpacity: 0.45, blur: 2 }}
    >
      <PopupBody {...props} />
    </Modal>
  );
}
