import { useMutation, useQuery } from '@apollo/client/react';
import type { ShopSettingsErrors, ShopSettingsField } from '@tienda/rules';
import { type FormEvent, useEffect, useState } from 'react';
import { serverProblemOf } from '../../shared/forms/server-errors';
import { notify } from '../../shared/notifications/toaster';
import { AdminShopSettingsQuery, UpdateShopSettingsMutation } from './api';
import {
  SETTINGS_MESSAGES,
  type SettingsFormValues,
  fieldErrorOf,
  fromFormValues,
  toFormValues,
  validateSettingsForm,
} from './settings-form';

/**
 * The Ajustes screen's workflow: the stored settings into the form, the rules of @tienda/rules
 * before sending (the same the server applies), the server's refusal on its field, a notice on
 * success; the public settings (footer, payment page) are read again after a save.
 */
export function useShopSettings() {
  const query = useQuery(AdminShopSettingsQuery);
  const [values, setValues] = useState<SettingsFormValues | null>(null);
  const [errors, setErrors] = useState<ShopSettingsErrors>({});
  const [update, { loading: saving }] = useMutation(UpdateShopSettingsMutation, {
    refetchQueries: ['ShopSettings', 'PaymentSettings'],
  });

  const loaded = query.data?.adminShopSettings;
  useEffect(() => {
    if (loaded && values === null) setValues(toFormValues(loaded));
  }, [loaded, values]);

  const change = (field: ShopSettingsField, value: string) => {
    setValues((current) => (current ? { ...current, [field]: value } : current));
    setErrors((current) => {
      if (current[field] === undefined) return current;
      const rest = { ...current };
      delete rest[field];
      return rest;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values || saving) return;
    const found = validateSettingsForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      notify(SETTINGS_MESSAGES.fix, { type: 'warning' });
      return;
    }
    try {
      const { data } = await update({ variables: { input: fromFormValues(values) } });
      if (data) setValues(toFormValues(data.updateShopSettings));
      notify(SETTINGS_MESSAGES.saved, { type: 'success' });
    } catch (error) {
      const problem = serverProblemOf(error);
      const onField = problem ? fieldErrorOf(problem.field, problem.message) : undefined;
      if (onField) setErrors(onField);
      notify(problem?.code === 'BAD_USER_INPUT' ? problem.message : SETTINGS_MESSAGES.failed, {
        type: 'error',
      });
    }
  };

  return { query, values, errors, saving, change, submit };
}
