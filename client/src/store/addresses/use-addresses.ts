import { useMutation, useQuery } from '@apollo/client/react';
import type { AddressValues } from '@tienda/rules';
import type { AddressFieldsFragment } from '../../gql/graphql';
import { actionFailureMessage } from '../../shared/forms/server-errors';
import { notify } from '../../shared/notifications/toaster';
import { useSession } from '../../shared/session/use-session';
import { AddAddressMutation, AddressesQuery, DeleteAddressMutation } from './api';

export type Address = AddressFieldsFragment;

export const ADDRESS_DELETED_MESSAGE = 'Dirección eliminada correctamente';
export const EDIT_NOT_AVAILABLE_MESSAGE = 'Funcionalidad aun NO disponible';
export const ADDRESS_ADDED_MESSAGE = 'Dirección agregada correctamente';
const DELETE_FAILED_MESSAGE = 'No se pudo eliminar la dirección';

/** The signed-in customer's addresses (newest first), adding and deleting them. */
export function useAddresses() {
  const session = useSession();
  const query = useQuery(AddressesQuery, {
    skip: session.user === null,
    fetchPolicy: 'cache-and-network',
  });
  const [addAddressMutation] = useMutation(AddAddressMutation, {
    update: (cache, { data }) => {
      if (!data) return;
      const current = cache.readQuery({ query: AddressesQuery });
      cache.writeQuery({
        query: AddressesQuery,
        data: { addresses: [data.addAddress, ...(current?.addresses ?? [])] },
      });
    },
  });
  const [deleteAddressMutation] = useMutation(DeleteAddressMutation);

  /** Resolves with the new address; rejects with the server's error (the form shows it). */
  const addAddress = async (input: AddressValues): Promise<Address> => {
    const { data } = await addAddressMutation({ variables: { input } });
    if (!data) throw new Error('El servidor no devolvió la dirección');
    return data.addAddress;
  };

  const deleteAddress = async (id: number): Promise<boolean> => {
    try {
      await deleteAddressMutation({
        variables: { id },
        update: (cache) => {
          cache.evict({ id: cache.identify({ __typename: 'Address', id }) });
          cache.gc();
        },
      });
      notify(ADDRESS_DELETED_MESSAGE, { type: 'success' });
      return true;
    } catch (error) {
      console.error('No se pudo eliminar la dirección', error);
      notify(actionFailureMessage(error, DELETE_FAILED_MESSAGE), { type: 'error' });
      return false;
    }
  };

  return { session, query, addAddress, deleteAddress };
}
