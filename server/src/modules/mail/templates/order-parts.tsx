import type { CSSProperties } from 'react';
import { Column, Row, Section, Text } from '@react-email/components';
import type { MailOrder } from '../messages.js';
import { ADJUSTMENT_LABELS, formatMoney } from '@tienda/rules';
import { colors } from './theme.js';

const cell: CSSProperties = { padding: '12px 0', borderTop: `1px solid ${colors.border}` };

const headCell: CSSProperties = {
  padding: '0 0 8px',
  fontSize: '12px',
  lineHeight: '16px',
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
  color: colors.muted,
};

/** '26' → 'Talla 26 · ', 'Unitalla' → 'Unitalla · ', '' → ''. */
function sizeLabel(size: string): string {
  const value = size.trim();
  if (!value) return '';
  return /talla/i.test(value) ? `${value} · ` : `Talla ${value} · `;
}

/** The order's lines: product, size, quantity, unit price and line total. */
export function OrderLines({ order }: { order: MailOrder }) {
  return (
    <Section style={{ margin: '0 0 8px' }}>
      <Row data-skip-in-text>
        <Column style={headCell}>Producto</Column>
        <Column style={{ ...headCell, textAlign: 'right', width: '96px' }}>Importe</Column>
      </Row>
      {order.lines.map((line, index) => (
        <Row key={index}>
          <Column style={{ ...cell, verticalAlign: 'top', paddingRight: '12px' }}>
            <Text
              style={{
                margin: '0',
                fontSize: '16px',
                lineHeight: '22px',
                fontWeight: 600,
                color: colors.text,
              }}
            >
              {line.productName}
              {line.onPromotion ? (
                <>
                  {' '}
                  <span
                    style={{
                      display: 'inline-block',
                      backgroundColor: colors.promoBg,
                      color: colors.promo,
                      borderRadius: '4px',
                      padding: '0 6px',
                      fontSize: '12px',
                      lineHeight: '18px',
                      fontWeight: 700,
                      verticalAlign: 'middle',
                    }}
                  >
                    Promoción
                  </span>
                </>
              ) : null}
            </Text>
            <Text
              style={{
                margin: '4px 0 0',
                fontSize: '14px',
                lineHeight: '20px',
                color: colors.muted,
              }}
            >
              {sizeLabel(line.size)}
              {`Cantidad ${line.quantity} · ${formatMoney(line.unitPriceCents)} c/u`}
            </Text>
          </Column>
          <Column
            style={{
              ...cell,
              verticalAlign: 'top',
              textAlign: 'right',
              width: '96px',
              whiteSpace: 'nowrap',
              fontSize: '16px',
              lineHeight: '22px',
              fontWeight: 600,
              color: colors.text,
            }}
          >
            {formatMoney(line.unitPriceCents * line.quantity)}
          </Column>
        </Row>
      ))}
    </Section>
  );
}

function TotalRow({
  label,
  value,
  color = colors.text,
  strong = false,
}: {
  label: string;
  value: string;
  color?: string;
  strong?: boolean;
}) {
  const style: CSSProperties = {
    padding: strong ? '12px 0 4px' : '4px 0 6px',
    borderTop: strong ? `2px solid ${colors.ink}` : undefined,
    fontSize: strong ? '20px' : '16px',
    lineHeight: strong ? '28px' : '22px',
    fontWeight: strong ? 700 : 400,
    color,
  };
  return (
    <Row>
      <Column style={style}>{label}</Column>
      <Column
        style={{
          ...style,
          textAlign: 'right',
          whiteSpace: 'nowrap',
          fontWeight: strong ? 700 : 600,
        }}
      >
        {value}
      </Column>
    </Row>
  );
}

/**
 * The order's adjustments; a snapshot queued before they existed has only `discountCents`, which
 * was then always the bulk discount.
 */
export function adjustmentsOf(order: MailOrder): { label: string; amountCents: number }[] {
  if (order.adjustments) return order.adjustments;
  return order.discountCents > 0
    ? [{ label: ADJUSTMENT_LABELS.BULK_DISCOUNT, amountCents: order.discountCents }]
    : [];
}

/** Subtotal, 'Envío', each adjustment by its name (as a negative), and the total. */
export function OrderTotals({ order }: { order: MailOrder }) {
  return (
    <Section
      style={{ margin: '0 0 24px', borderTop: `1px solid ${colors.border}`, paddingTop: '8px' }}
    >
      <TotalRow label="Subtotal" value={formatMoney(order.subtotalCents)} />
      <TotalRow label="Envío" value={formatMoney(order.shippingCents)} />
      {adjustmentsOf(order).map((a, i) => (
        <TotalRow
          key={i}
          label={a.label}
          value={`−${formatMoney(a.amountCents)}`}
          color={colors.green}
        />
      ))}
      <TotalRow label="Total" value={formatMoney(order.totalCents)} strong />
    </Section>
  );
}

/** The lines and the totals together: what the order is. */
export function OrderSummary({ order }: { order: MailOrder }) {
  return (
    <>
      <OrderLines order={order} />
      <OrderTotals order={order} />
    </>
  );
}

/** Where the order goes, when known. */
export function DeliveryAddress({
  address,
  label = 'Se enviará a',
}: {
  address: string | null;
  label?: string;
}) {
  if (!address) return null;
  return (
    <Section style={{ margin: '0 0 24px' }}>
      <Text
        style={{
          margin: '0 0 4px',
          fontSize: '12px',
          lineHeight: '16px',
          letterSpacing: '0.04em',
          textTransform: 'uppercase',
          color: colors.muted,
        }}
      >
        {label}
      </Text>
      <Text style={{ margin: '0', fontSize: '16px', lineHeight: '24px', color: colors.text }}>
        {address}
      </Text>
    </Section>
  );
}
