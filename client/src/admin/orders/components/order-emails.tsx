import { Alert, Box, Button, HStack, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { LuCircleCheck, LuCircleX, LuClock, LuMail, LuRotateCw } from 'react-icons/lu';
import type { AdminOrderEmailsQuery as AdminOrderEmailsResult } from '../../../gql/graphql';
import { serverProblemOf } from '../../../shared/forms/server-errors';
import { notify } from '../../../shared/notifications/toaster';
import { IconBadge } from '../../../shared/ui/icon-badge';
import { AdminOrderEmailsQuery, ResendOrderEmailMutation } from '../api';
import { MAIL_STATUS_STYLES, ORDER_EMAIL_MESSAGES, formatOrderDate } from '../orders-format';

type OrderEmail = AdminOrderEmailsResult['orderEmails'][number];

const STATUS_ICONS = { SENT: LuCircleCheck, PENDING: LuClock, FAILED: LuCircleX } as const;

function MailStatusBadge({ status }: { status: OrderEmail['status'] }) {
  const style = MAIL_STATUS_STYLES[status];
  return (
    <IconBadge
      icon={STATUS_ICONS[status]}
      colorPalette={style.colorPalette}
      flexShrink={0}
      data-testid="order-email-status"
      data-palette={style.colorPalette}
    >
      {style.label}
    </IconBadge>
  );
}

/** When it went out, or when the next try is due; '' when the server gave no date for it. */
export function emailTiming(email: OrderEmail): string {
  const attempts =
    email.attempts === 1 ? '1 intento' : email.attempts > 1 ? `${email.attempts} intentos` : '';
  if (email.status === 'SENT') {
    return email.sentAt ? `Se envió el ${formatOrderDate(email.sentAt)}` : '';
  }
  const next = email.nextAttemptAt
    ? `Próximo intento: ${formatOrderDate(email.nextAttemptAt)}`
    : email.status === 'PENDING'
      ? `En cola desde el ${formatOrderDate(email.createdAt)}`
      : '';
  return [next, attempts].filter(Boolean).join(' · ');
}

function OrderEmailItem({
  email,
  resending,
  busy,
  onResend,
}: {
  email: OrderEmail;
  resending: boolean;
  busy: boolean;
  onResend: () => void;
}) {
  const timing = emailTiming(email);
  return (
    <Box
      as="li"
      layerStyle="panel"
      rounded="lg"
      px="3"
      py="2.5"
      data-testid="order-email"
      data-email-id={email.id}
      data-status={email.status}
    >
      <HStack justify="space-between" align="start" gap="3">
        <Box minW="0">
          <Text fontWeight="semibold" color="gray.900" data-testid="order-email-title">
            {email.title}
          </Text>
          <Text
            fontSize="sm"
            color="gray.700"
            overflowWrap="anywhere"
            data-testid="order-email-recipient"
          >
            {email.recipient}
          </Text>
        </Box>
        <MailStatusBadge status={email.status} />
      </HStack>
      {email.lastError && email.status !== 'SENT' ? (
        <Text fontSize="sm" color="red.700" mt="1.5" data-testid="order-email-error">
          Motivo: {email.lastError}
        </Text>
      ) : null}
      <HStack justify="space-between" align="center" gap="3" mt="2" wrap="wrap">
        <Text fontSize="xs" color="gray.600" data-testid="order-email-when">
          {timing}
        </Text>
        <Button
          size="xs"
          variant="outline"
          onClick={onResend}
          loading={resending}
          loadingText="Reenviando..."
          disabled={busy}
          aria-label={`Reenviar el correo '${email.title}' a ${email.recipient}`}
          data-testid="order-email-resend"
        >
          <LuRotateCw aria-hidden="true" /> Reenviar
        </Button>
      </HStack>
    </Box>
  );
}

/**
 * 'Correos': the order's e-mails (received, paid, shipped; the shop's 'Nuevo pedido') with
 * their delivery state, why the last try failed, and 'Reenviar' to queue one again.
 */
export function OrderEmailsSection({ orderId }: { orderId: number }) {
  const { data, error, refetch } = useQuery(AdminOrderEmailsQuery, {
    variables: { orderId },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: false,
  });
  const [resend] = useMutation(ResendOrderEmailMutation);
  const [resendingId, setResendingId] = useState<number | null>(null);
  const emails = data?.orderEmails;

  const resendEmail = async (email: OrderEmail) => {
    setResendingId(email.id);
    try {
      await resend({ variables: { id: email.id } });
      notify(ORDER_EMAIL_MESSAGES.resent, { type: 'success' });
      await refetch().catch((refetchError: unknown) =>
        console.error(ORDER_EMAIL_MESSAGES.loadFailed, refetchError),
      );
    } catch (resendError) {
      console.error(ORDER_EMAIL_MESSAGES.resendFailed, resendError);
      const problem = serverProblemOf(resendError);
      notify(
        problem && problem.code !== 'INTERNAL_SERVER_ERROR' && problem.message
          ? `${ORDER_EMAIL_MESSAGES.resendFailed} ${problem.message}`
          : ORDER_EMAIL_MESSAGES.resendFailed,
        { type: 'error' },
      );
    } finally {
      setResendingId(null);
    }
  };

  return (
    <Box as="section" aria-labelledby={`order-emails-${orderId}`} data-testid="order-emails">
      <Heading
        as="h3"
        id={`order-emails-${orderId}`}
        size="md"
        color="gray.900"
        mb="3"
        display="flex"
        alignItems="center"
        gap="2"
      >
        <LuMail aria-hidden="true" /> Correos
      </Heading>
      {error && !emails ? (
        <Alert.Root status="error" data-testid="order-emails-error">
          <Alert.Indicator />
          <Alert.Title flex="1">{ORDER_EMAIL_MESSAGES.loadFailed}</Alert.Title>
          <Button size="xs" variant="outline" onClick={() => void refetch().catch(() => undefined)}>
            Reintentar
          </Button>
        </Alert.Root>
      ) : !emails ? (
        <Skeleton h="20" rounded="lg" />
      ) : emails.length === 0 ? (
        <Text color="gray.600" fontSize="sm" data-testid="order-emails-empty">
          {ORDER_EMAIL_MESSAGES.none}
        </Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" data-testid="order-email-list">
          {emails.map((email) => (
            <OrderEmailItem
              key={email.id}
              email={email}
              resending={resendingId === email.id}
              busy={resendingId !== null}
              onResend={() => void resendEmail(email)}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}
