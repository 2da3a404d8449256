import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import type { z } from 'zod';
import { firstErrors } from '@common/formErrors';
import { splitServerErrors } from './serverErrors';

type Values = Record<string, string>;

/**
 * Form state validated by a zod schema from common/, so messages are the spec's. A field's
 * message shows once it was edited and left (blur) or the form was submitted; server messages
 * from a failed call show until the field changes. A schema still loading (useLoadedSchema) is
 * null: the form then holds a submit until it has come and checked the values.
 */
export function useZodForm<V extends Values>(
  schema: z.ZodType | null,
  initial: V,
  /** Values the schema needs that are not fields of the form (a token from the URL). */
  extra: Record<string, unknown> = {},
) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverFields, setServerFields] = useState<Partial<Record<keyof V, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  // A submit made while the schema loads, run once it has come (if the values pass).
  const heldSubmit = useRef<((values: V) => void) | null>(null);

  const extraKey = JSON.stringify(extra);
  const errors = useMemo(
    () =>
      schema ? firstErrors(schema, { ...(JSON.parse(extraKey) as Record<string, unknown>), ...values }) : {},
    [schema, values, extraKey],
  );
  const isValid = schema !== null && Object.keys(errors).length === 0;

  useEffect(() => {
    const handler = heldSubmit.current;
    if (!schema || !handler) return;
    heldSubmit.current = null;
    if (isValid) handler(values);
  }, [schema, isValid, values]);
  const isDirty = (Object.keys(initial) as (keyof V)[]).some((key) => values[key] !== initial[key]);

  function errorOf(field: keyof V): string | undefined {
    const key = field as string;
    return serverFields[field] ?? (submitted || touched[field] ? errors[key] : undefined);
  }

  function setValue(field: keyof V, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setServerFields((current) => ({ ...current, [field]: undefined }));
    setFormError(null);
  }

  /** Props for a Mantine text input bound to `field`. */
  function inputProps(field: keyof V) {
    return {
      name: field as string,
      value: values[field],
      onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(field, event.currentTarget.value),
      // Leaving a field the user never typed in stays quiet: a message (and the layout shift it
      // causes) only appears for edited fields, or for all of them once the form is submitted.
      onBlur: () => {
        if (values[field] !== initial[field]) setTouched((current) => ({ ...current, [field]: true }));
      },
      // Enter is an attempt to save: the field's message shows even when the save button is
      // disabled (an invalid form), which blocks the browser's submit on Enter.
      onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === 'Enter') setTouched((current) => ({ ...current, [field]: true }));
      },
      error: errorOf(field),
    };
  }

  function onSubmit(handler: (values: V) => void) {
    return (event: FormEvent) => {
      event.preventDefault();
      setSubmitted(true);
      setFormError(null);
      if (!schema) heldSubmit.current = handler;
      else if (isValid) handler(values);
    };
  }

  /** Shows a failed call's messages under the fields and above the form; returns them too. */
  function showServerError(error: unknown) {
    const split = splitServerErrors(error, Object.keys(initial));
    setServerFields(split.fields as Partial<Record<keyof V, string>>);
    setFormError(split.form);
    return split;
  }

  function reset() {
    setValues(initial);
    setTouched({});
    setSubmitted(false);
    setServerFields({});
    setFormError(null);
  }

  return {
    values,
    setValue,
    inputProps,
    errorOf,
    isValid,
    isDirty,
    onSubmit,
    formError,
    setFormError,
    showServerError,
    reset,
  };
}
