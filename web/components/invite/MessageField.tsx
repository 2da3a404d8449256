import { Textarea } from '@mantine/core';
import { INVITE_MESSAGE_MAX } from '@common/limits';
import { messageProblem } from './message';

/** 'Message (optional)' with its character counter and the length rule. */
export function MessageField({
  value,
  onChange,
  disabled,
  placeholder,
  minRows = 2,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
  minRows?: number;
}) {
  return (
    <Textarea
      label="Message (optional)"
      placeholder={placeholder}
      autosize
      minRows={minRows}
      maxRows={minRows + 3}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={messageProblem(value)}
      description={`${value.length}/${INVITE_MESSAGE_MAX}`}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}
