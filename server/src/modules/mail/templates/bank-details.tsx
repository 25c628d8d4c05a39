import type { ReactNode } from 'react';
import { Section } from '@react-email/components';
import type { MailBankDetails } from '../messages.js';
import { formatMoney } from '@tienda/rules';
import {
  digitsOnly,
  formatPhone,
  groupDigits,
  paymentConcept,
  proofOfPaymentUrl,
} from './format.js';
import { colors } from './theme.js';
import { Button, Details, P, Subtitle } from './ui.js';

/** The delivery promise (spec §2, §9), as the payment page words it. */
export const DELIVERY_PROMISE =
  'Recibirás tu pedido de 3 a 5 días hábiles después de confirmar tu transferencia.';

function Step({ children }: { children: ReactNode }) {
  return (
    <li
      style={{
        margin: '0 0 10px',
        paddingLeft: '4px',
        fontSize: '15px',
        lineHeight: '22px',
        color: colors.text,
      }}
    >
      {children}
    </li>
  );
}

export interface BankDetailsProps {
  bank: MailBankDetails;
  orderId: number;
  totalCents: number;
}

/**
 * How to pay by transfer or OXXO deposit, as on the payment page (spec §2): the amount, the
 * concept 'Pedido N', the bank's details, the steps and the WhatsApp chat for the proof.
 * The CLABE and the account are written as bare digits so they paste into a banking app.
 */
export function BankDetails({ bank, orderId, totalCents }: BankDetailsProps) {
  const concept = paymentConcept(orderId);
  const amount = formatMoney(totalCents);
  const card = groupDigits(bank.card);
  return (
    <Section style={{ margin: '0 0 8px' }}>
      <Subtitle>Cómo pagar</Subtitle>
      <P>
        Transfiere o deposita <b>{amount}</b> con estos datos y escribe <b>{concept}</b> como
        concepto de pago.
      </P>
      <Details
        rows={[
          { label: 'Monto a pagar', value: amount },
          {
            label: 'Concepto de pago',
            value: concept,
            hint: 'Así sabemos qué pedido pagaste.',
          },
          { label: 'Banco', value: bank.bank },
          { label: 'Titular', value: bank.holder },
          { label: 'Número de cuenta', value: digitsOnly(bank.account), mono: true },
          {
            label: 'CLABE interbancaria',
            value: digitsOnly(bank.clabe),
            mono: true,
            hint: 'Para transferencias desde cualquier banco (SPEI).',
          },
          {
            label: 'Número de tarjeta',
            value: card,
            mono: true,
            hint: 'Para depósitos en OXXO o transferencias a tarjeta.',
          },
        ]}
      />
      <ol style={{ margin: '0 0 16px', padding: '0 0 0 24px' }}>
        <Step>
          <b>Por transferencia:</b> desde tu banca en línea, usa la CLABE y escribe {concept} como
          concepto.
        </Step>
        <Step>
          <b>En OXXO:</b> pide en caja un depósito a la tarjeta {card} por {amount} (OXXO cobra su
          propia comisión) y guarda tu ticket.
        </Step>
        <Step>
          <b>Envíanos tu comprobante:</b> una foto por WhatsApp al {formatPhone(bank.proofPhone)}{' '}
          indicando el pedido #{orderId}.
        </Step>
      </ol>
      <Button href={proofOfPaymentUrl(bank, orderId)} tone="green">
        Enviar comprobante por WhatsApp
      </Button>
    </Section>
  );
}
