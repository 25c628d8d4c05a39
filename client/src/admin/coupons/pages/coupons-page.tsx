import { Badge, Box, Button, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { COUPON_COMBINATION_RULE } from '@tienda/rules';
import { useState } from 'react';
import { LuBan, LuPencil, LuPlus, LuTicketPercent } from 'react-icons/lu';
import type { AdminCouponFieldsFragment } from '../../../gql/graphql';
import { serverProblemOf } from '../../../shared/forms/server-errors';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { notify } from '../../../shared/notifications/toaster';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { EmptyMessage } from '../../../shared/ui/empty-message';
import { AdminListPage } from '../../shared/admin-list-page';
import { useAdminListParams } from '../../shared/use-list-params';
import { AdminCouponsQuery, DeactivateCouponMutation } from '../api';
import { CouponFormDialog } from '../components/coupon-form-dialog';
import {
  COUPON_SCREEN_MESSAGES,
  couponDatesText,
  couponMinimumText,
  couponUsesText,
  couponValueText,
  perCustomerText,
} from '../coupon-form';

/** The code search waits this long after the last keystroke, as the products' search. */
const SEARCH_DELAY_MS = 500;

type Coupon = AdminCouponFieldsFragment;

/** The popup shown: none, 'Nuevo cupón', or 'Editar' of one coupon. */
type Editing = { mode: 'closed' } | { mode: 'create' } | { mode: 'update'; coupon: Coupon };

function ActiveBadge({ coupon }: { coupon: Coupon }) {
  return (
    <Badge
      colorPalette={coupon.active ? 'green' : 'gray'}
      variant="subtle"
      flexShrink={0}
      data-testid="coupon-state"
    >
      {coupon.active ? 'Activo' : 'Inactivo'}
    </Badge>
  );
}

function Code({ coupon }: { coupon: Coupon }) {
  return (
    <Text as="span" fontFamily="mono" fontWeight="semibold" data-testid="coupon-code-cell">
      {coupon.code}
    </Text>
  );
}

/** What the coupon takes off, and its minimum purchase under it. */
function ValueCell({ coupon }: { coupon: Coupon }) {
  const minimum = couponMinimumText(coupon);
  return (
    <Stack gap="0">
      <Text fontWeight="semibold" data-testid="coupon-value-cell">
        {couponValueText(coupon)}
      </Text>
      {minimum ? (
        <Text fontSize="xs" color="gray.600">
          {minimum}
        </Text>
      ) : null}
      <Text fontSize="xs" color="gray.600">
        {coupon.nonPromotionalOnly ? 'Solo sin promoción' : 'Todos los productos'}
      </Text>
    </Stack>
  );
}

function UsesCell({ coupon }: { coupon: Coupon }) {
  return (
    <Stack gap="0">
      <Text fontVariantNumeric="tabular-nums" data-testid="coupon-uses">
        {couponUsesText(coupon)}
      </Text>
      <Text fontSize="xs" color="gray.600" data-testid="coupon-per-customer">
        {perCustomerText(coupon)}
      </Text>
    </Stack>
  );
}

interface RowActionsProps {
  coupon: Coupon;
  onEdit: (coupon: Coupon) => void;
  onDeactivate: (coupon: Coupon) => void;
}

function RowActions({ coupon, onEdit, onDeactivate }: RowActionsProps) {
  return (
    <HStack gap="2">
      <Button
        size="xs"
        variant="outline"
        onClick={() => onEdit(coupon)}
        aria-label={`Editar el cupón ${coupon.code}`}
        data-testid="coupon-edit"
      >
        <LuPencil /> Editar
      </Button>
      {coupon.active ? (
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          onClick={() => onDeactivate(coupon)}
          aria-label={`Desactivar el cupón ${coupon.code}`}
          data-testid="coupon-deactivate"
        >
          <LuBan /> Desactivar
        </Button>
      ) : null}
    </HStack>
  );
}

/** The written combination rule (@tienda/rules, what the order calculator does). */
function CombinationRule() {
  return (
    <Box
      as="aside"
      aria-labelledby="coupon-combination-title"
      layerStyle="panel"
      rounded="xl"
      px="4"
      py="3"
      mt="6"
      data-testid="coupon-combination-rule"
    >
      <Text id="coupon-combination-title" fontWeight="semibold" color="gray.900" mb="1">
        {COUPON_SCREEN_MESSAGES.combinationTitle}
      </Text>
      <List.Root gap="1" ps="5" fontSize="sm" color="gray.700">
        {COUPON_COMBINATION_RULE.map((sentence) => (
          <List.Item key={sentence}>{sentence}</List.Item>
        ))}
      </List.Root>
    </Box>
  );
}

/** /admin/cupones: the coupons, newest first; create, edit and deactivate (issue 24). */
export function AdminCouponsPage() {
  useDocumentTitle('Cupones · Administración');
  const place = useAdminListParams();
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [pendingDeactivate, setPendingDeactivate] = useState<Coupon | null>(null);
  const query = useQuery(AdminCouponsQuery, {
    variables: { search: place.searchVariable, ...place.window },
  });
  const [deactivateCoupon, { loading: deactivating }] = useMutation(DeactivateCouponMutation);

  const confirmDeactivate = async () => {
    if (!pendingDeactivate) return;
    try {
      await deactivateCoupon({ variables: { id: pendingDeactivate.id } });
      notify(COUPON_SCREEN_MESSAGES.deactivated, { type: 'success' });
      setPendingDeactivate(null);
    } catch (error) {
      const problem = serverProblemOf(error);
      if (!problem?.code) console.error(COUPON_SCREEN_MESSAGES.deactivateFailed, error);
      notify(problem?.code ? problem.message : COUPON_SCREEN_MESSAGES.deactivateFailed, {
        type: 'error',
      });
    }
  };

  const openEdit = (coupon: Coupon) => setEditing({ mode: 'update', coupon });

  return (
    <>
      <AdminListPage
        name="coupons"
        item="coupon"
        title="Cupones"
        description="Los códigos de descuento de la tienda."
        noun={{ one: 'cupón', many: 'cupones' }}
        count={(total) => (
          <>
            {total === 1 ? '1 cupón' : `${total.toLocaleString('es-MX')} cupones`}
            {place.search ? ` para «${place.search}»` : ''}
          </>
        )}
        query={query}
        list={(data) => data.coupons}
        place={place}
        search={{
          placeholder: 'Buscar código',
          delayMs: SEARCH_DELAY_MS,
          maxW: { sm: 'sm' },
          testId: 'admin-coupon-search',
        }}
        actions={
          <Button
            colorPalette="orange"
            onClick={() => setEditing({ mode: 'create' })}
            data-testid="coupon-add"
            ms={{ sm: 'auto' }}
          >
            <LuPlus /> Nuevo cupón
          </Button>
        }
        cardsBelow="lg"
        card={(coupon) => (
          <>
            <HStack justify="space-between" align="start" gap="3">
              <Code coupon={coupon} />
              <ActiveBadge coupon={coupon} />
            </HStack>
            <HStack justify="space-between" align="start" gap="3" mt="2">
              <ValueCell coupon={coupon} />
              <Box textAlign="end">
                <UsesCell coupon={coupon} />
              </Box>
            </HStack>
            <Text fontSize="sm" color="gray.700" mt="2" data-testid="coupon-dates">
              {couponDatesText(coupon)}
            </Text>
            <Box mt="3">
              <RowActions coupon={coupon} onEdit={openEdit} onDeactivate={setPendingDeactivate} />
            </Box>
          </>
        )}
        idColumn={{ header: 'ID', w: '16' }}
        columns={[
          { header: 'Código', cell: (coupon) => <Code coupon={coupon} /> },
          { header: 'Descuento', cell: (coupon) => <ValueCell coupon={coupon} /> },
          {
            header: 'Vigencia',
            cell: (coupon) => <span data-testid="coupon-dates">{couponDatesText(coupon)}</span>,
            cellProps: { maxW: '56', fontSize: 'sm' },
          },
          { header: 'Usos', w: '40', cell: (coupon) => <UsesCell coupon={coupon} /> },
          { header: 'Estado', w: '24', cell: (coupon) => <ActiveBadge coupon={coupon} /> },
          {
            header: 'Acciones',
            w: '52',
            cell: (coupon) => (
              <RowActions coupon={coupon} onEdit={openEdit} onDeactivate={setPendingDeactivate} />
            ),
          },
        ]}
        emptyList={
          <EmptyMessage
            title={place.search ? 'Ningún cupón tiene ese código' : COUPON_SCREEN_MESSAGES.empty}
            description={place.search ? 'Prueba con otro código.' : undefined}
            icon={<LuTicketPercent />}
          />
        }
      />
      <CombinationRule />

      <CouponFormDialog
        open={editing.mode !== 'closed'}
        coupon={editing.mode === 'update' ? editing.coupon : undefined}
        onClose={() => setEditing({ mode: 'closed' })}
      />
      <ConfirmDialog
        open={pendingDeactivate !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDeactivate(null);
        }}
        title={COUPON_SCREEN_MESSAGES.confirmDeactivate}
        confirmLabel="Desactivar"
        onConfirm={() => void confirmDeactivate()}
        busy={deactivating}
        data-testid="coupon-deactivate-dialog"
        confirmTestId="coupon-confirm-deactivate"
      >
        <Stack gap="2">
          <Text fontFamily="mono" fontWeight="semibold">
            {pendingDeactivate?.code}
          </Text>
          <Text>{COUPON_SCREEN_MESSAGES.deactivateHint}</Text>
        </Stack>
      </ConfirmDialog>
    </>
  );
}
