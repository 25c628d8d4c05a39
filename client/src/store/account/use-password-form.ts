import { type FormEvent, useState } from 'react';
import { confirmationReady } from './password-rules';

type Errors<F extends string> = Partial<Record<F, string>>;

export interface PasswordFormOptions<F extends string> {
  /** The inputs' names, in the order a failed check puts the focus on them. */
  fields: readonly F[];
  empty: Readonly<Record<F, string>>;
  /** The new password's field and its confirmation's. */
  password: F;
  confirmation: F;
  validate: (values: Record<F, string>) => Errors<F>;
}

function allFields<F extends string>(fields: readonly F[], value: boolean): Record<F, boolean> {
  return Object.fromEntries(fields.map((field) => [field, value])) as Record<F, boolean>;
}

/**
 * The state of the reset and change password forms: the values, which fields were left, the
 * server's messages under their fields and the problem above the button. A rule's message shows
 * once its field was left or the form was sent, the confirmation's as soon as it is as long as
 * the password; a server's message until its field changes.
 */
export function usePasswordForm<F extends string>({
  fields,
  empty,
  password,
  confirmation,
  validate,
}: PasswordFormOptions<F>) {
  const [values, setValues] = useState<Record<F, string>>({ ...empty });
  const [touched, setTouched] = useState(() => allFields(fields, false));
  const [serverErrors, setServerErrors] = useState<Errors<F>>({});
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [showPasswords, setShowPasswords] = useState(false);

  const errors = validate(values);
  const errorFor = (field: F): string | undefined => {
    if (serverErrors[field]) return serverErrors[field];
    if (field === confirmation && confirmationReady(values[password], values[confirmation])) {
      return errors[field];
    }
    return touched[field] ? errors[field] : undefined;
  };

  const change = (field: F) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
    setFailure(undefined);
  };
  const leave = (field: F) => () => setTouched((current) => ({ ...current, [field]: true }));

  const isField = (field: string | undefined): field is F =>
    fields.some((known) => known === field);

  return {
    values,
    errorFor,
    change,
    leave,
    failure,
    setFailure,
    showPasswords,
    setShowPasswords,
    isField,
    /** A message of the server's under its field. */
    showServerError: (field: F, message: string) =>
      setServerErrors({ [field]: message } as Errors<F>),
    /**
     * On submit: every rule's message shows and the problem above the button goes; false, with
     * the focus on the first field to fix, when the values break a rule.
     */
    checkBeforeSending: (event: FormEvent<HTMLFormElement>): boolean => {
      setTouched(allFields(fields, true));
      setFailure(undefined);
      const first = fields.find((field) => errors[field]);
      if (!first) return true;
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return false;
    },
    /** Back to empty, after a change was saved. */
    clear: () => {
      setValues({ ...empty });
      setTouched(allFields(fields, false));
      setServerErrors({});
    },
  };
}
