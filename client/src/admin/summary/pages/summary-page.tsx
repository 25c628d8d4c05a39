import {
  Badge,
  Box,
  Button,
  Field,
  HStack,
  Input,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import {
  formatMoney,
  messagesByField,
  SUMMARY_PRESET_LABELS,
  SUMMARY_PRESETS,
  summaryProblems,
  spanishDay,
  type SummaryPreset,
} from '@tienda/rules';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useSession } from '../../../shared/session/use-session';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { PageHeading } from '../../../shared/ui/page-heading';
import { AdminSummaryQuery } from '../api';
import { SummaryChart } from '../components/summary-chart';
import {
  formatCount,
  longDay,
  parseThreshold,
  PRESET_SLUGS,
  presetOfSlug,
  rangeOf,
  releaseTime,
  thresholdKey,
} from '../summary-format';

function Panel({
  title,
  children,
  testId,
  aside,
}: {
  title: string;
  children: ReactNode;
  testId: string;
  aside?: ReactNode;
}) {
  return (
    <Box
      as="section"
      minW="0"
      layerStyle="panel"
      rounded="xl"
      p={{ base: '4', md: '5' }}
      data-testid={testId}
    >
      <HStack justify="space-between" align="baseline" gap="3" mb="3" wrap="wrap">
        <Text as="h2" fontWeight="semibold" fontSize="lg" color="gray.900">
          {title}
        </Text>
        {aside}
      </HStack>
      {children}
    </Box>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box layerStyle="panel" rounded="xl" p={{ base: '3', md: '4' }} data-testid={testId}>
      <Text fontSize="sm" color="gray.600">
        {label}
      </Text>
      <Text
        fontSize={{ base: 'xl', md: '2xl' }}
        fontWeight="bold"
        color="gray.900"
        fontVariantNumeric="tabular-nums"
        data-testid={`${testId}-value`}
      >
        {value}
      </Text>
    </Box>
  );
}

const Num = ({ children }: { children: ReactNode }) => (
  <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
    {children}
  </Table.Cell>
);

const Empty = ({ children }: { children: ReactNode }) => (
  <Text color="gray.600" fontSize="sm">
    {children}
  </Text>
);

interface Seller {
  productId?: number | null;
  name: string;
  units: number;
  revenueCents: number;
}

function SellersTable({ sellers, by, testId }: { sellers: Seller[]; by: string; testId: string }) {
  if (sellers.length === 0) return <Empty>Sin ventas en el periodo.</Empty>;
  return (
    <Table.Root size="sm" data-testid={testId}>
      <Table.Caption srOnly>{`Más vendidos por ${by}`}</Table.Caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Producto</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Unidades</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Importe</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {sellers.map((s, i) => (
          <Table.Row key={`${s.productId ?? s.name}`} data-testid={`${testId}-row`}>
            <Table.Cell>
              <Text as="span" color="gray.600" me="1.5">
                {i + 1}.
              </Text>
              {s.name}
            </Table.Cell>
            <Num>{formatCount(s.units)}</Num>
            <Num>{formatMoney(s.revenueCents)}</Num>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/** The range chooser: the presets, and the two days of a custom range with their rules. */
function RangePicker({
  preset,
  desde,
  hasta,
  onPreset,
  onCustom,
}: {
  preset: SummaryPreset;
  desde: string;
  hasta: string;
  onPreset: (preset: SummaryPreset) => void;
  onCustom: (desde: string, hasta: string) => void;
}) {
  const [draft, setDraft] = useState({ desde, hasta });
  const [tried, setTried] = useState(false);
  useEffect(() => setDraft({ desde, hasta }), [desde, hasta]);
  const errors = messagesByField(summaryProblems({ from: draft.desde, to: draft.hasta }));
  return (
    <Stack gap="3" mb="5">
      <Wrap gap="2" role="group" aria-label="Periodo">
        {SUMMARY_PRESETS.map((p) => (
          <Button
            key={p}
            size="sm"
            variant={p === preset ? 'solid' : 'outline'}
            colorPalette={p === preset ? 'orange' : 'gray'}
            aria-pressed={p === preset}
            onClick={() => onPreset(p)}
            data-testid={`summary-preset-${PRESET_SLUGS[p]}`}
          >
            {SUMMARY_PRESET_LABELS[p]}
          </Button>
        ))}
      </Wrap>
      {preset === 'CUSTOM' ? (
        <Wrap
          as="form"
          gap="3"
          align="flex-start"
          onSubmit={(event) => {
            event.preventDefault();
            setTried(true);
            if (!errors.from && !errors.to) onCustom(draft.desde, draft.hasta);
          }}
        >
          {(['desde', 'hasta'] as const).map((name) => {
            const error = tried ? errors[name === 'desde' ? 'from' : 'to'] : undefined;
            return (
              <Field.Root key={name} invalid={!!error} w={{ base: 'calc(50% - 6px)', sm: '44' }}>
                <Field.Label fontSize="sm">{name === 'desde' ? 'Desde' : 'Hasta'}</Field.Label>
                <Input
                  type="date"
                  size="sm"
                  bg="white"
                  value={draft[name]}
                  data-testid={`summary-${name}`}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setDraft((d) => ({ ...d, [name]: value }));
                  }}
                />
                {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
              </Field.Root>
            );
          })}
          <Button type="submit" size="sm" mt="7" colorPalette="orange" data-testid="summary-apply">
            Ver periodo
          </Button>
        </Wrap>
      ) : null}
    </Stack>
  );
}

/**
 * /admin/resumen, the owner's home screen (issue 26 item 2): for a range of Mexico City days
 * (today, 7 days, 30 days, this month or custom, kept in the URL), the paid orders, units,
 * revenue, average ticket and discounts, as a chart and a table per day; the best sellers by
 * units and by revenue; the sizes at or under the owner's threshold (kept in this browser per
 * admin); the unpaid orders the sweep releases in the next 24 hours; the coupons' uses. The
 * server counts everything (adminSummary).
 */
export function AdminSummaryPage() {
  useDocumentTitle('Resumen · Administración');
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const preset = presetOfSlug(params.get('periodo'));
  const custom = { desde: params.get('desde') ?? '', hasta: params.get('hasta') ?? '' };
  const range = rangeOf(preset, custom, new Date());
  const key = thresholdKey(user?.id ?? 'admin');
  const [threshold, setThreshold] = useState(() => parseThreshold(localStorage.getItem(key)));
  const [thresholdText, setThresholdText] = useState(String(threshold));
  const thresholdError = messagesByField(
    summaryProblems(range, Number(thresholdText)),
  ).lowStockThreshold;
  const rangeOk = summaryProblems(range).length === 0;

  const { data, previousData, error, refetch, loading } = useQuery(AdminSummaryQuery, {
    variables: { from: range.from, to: range.to, lowStockThreshold: threshold },
    skip: !rangeOk,
    fetchPolicy: 'cache-and-network',
  });
  useEffect(() => {
    if (error) console.error('No se pudo cargar el resumen', error);
  }, [error]);
  const summary = (data ?? previousData)?.adminSummary;

  const choosePreset = (p: SummaryPreset) => {
    const next: Record<string, string> = { periodo: PRESET_SLUGS[p] };
    if (p === 'CUSTOM') {
      next.desde = range.from;
      next.hasta = range.to;
    }
    setParams(next, { replace: true });
  };
  const applyThreshold = (text: string) => {
    setThresholdText(text);
    const n = Number(text);
    if (text !== '' && summaryProblems(range, n).every((p) => p.field !== 'lowStockThreshold')) {
      setThreshold(n);
      localStorage.setItem(key, String(n));
    }
  };

  return (
    <>
      <PageHeading
        compact
        title="Resumen"
        subtitle={
          <span data-testid="summary-range">
            {range.from === range.to
              ? spanishDay(range.from)
              : `Del ${spanishDay(range.from)} al ${spanishDay(range.to)}`}{' '}
            · días de la Ciudad de México
          </span>
        }
      />
      <RangePicker
        preset={preset}
        desde={custom.desde || range.from}
        hasta={custom.hasta || range.to}
        onPreset={choosePreset}
        onCustom={(desde, hasta) => setParams({ periodo: 'personalizado', desde, hasta })}
      />
      {!rangeOk ? (
        <Text color="red.700" data-testid="summary-range-error">
          {summaryProblems(range)[0]!.message}
        </Text>
      ) : error && !summary ? (
        <LoadErrorAlert
          title="No se pudo cargar el resumen."
          onRetry={() => void refetch().catch(() => undefined)}
        />
      ) : !summary ? (
        <Stack gap="3" aria-busy="true">
          <SimpleGrid columns={{ base: 2, md: 3, xl: 5 }} gap="3">
            {[1, 2, 3, 4, 5].map((i) => (
              <Skeleton key={i} h="20" rounded="xl" />
            ))}
          </SimpleGrid>
          <Skeleton h="72" rounded="xl" />
        </Stack>
      ) : (
        <Stack gap="5" minW="0" aria-busy={loading} data-testid="summary">
          <SimpleGrid columns={{ base: 2, md: 3, xl: 5 }} gap="3">
            <Figure
              label="Pedidos pagados"
              value={formatCount(summary.totals.orders)}
              testId="summary-orders"
            />
            <Figure
              label="Unidades"
              value={formatCount(summary.totals.units)}
              testId="summary-units"
            />
            <Figure
              label="Ingresos"
              value={formatMoney(summary.totals.revenueCents)}
              testId="summary-revenue"
            />
            <Figure
              label="Ticket promedio"
              value={formatMoney(summary.totals.averageTicketCents)}
              testId="summary-average"
            />
            <Figure
              label="Descuentos"
              value={formatMoney(summary.totals.discountCents)}
              testId="summary-discounts"
            />
          </SimpleGrid>

          <Panel title="Ingresos por día" testId="summary-days">
            <SummaryChart days={summary.days} />
            <Table.ScrollArea
              mt="4"
              maxH="96"
              borderWidth="1px"
              rounded="md"
              tabIndex={0}
              role="region"
              aria-label="Cifras por día"
            >
              <Table.Root size="sm" stickyHeader data-testid="summary-days-table">
                <Table.Caption srOnly>Cifras por día</Table.Caption>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Día</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Pedidos</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Unidades</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Ingresos</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Ticket promedio</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Descuentos</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {[...summary.days].reverse().map((d) => (
                    <Table.Row key={d.day} data-testid="summary-day" data-day={d.day}>
                      <Table.Cell whiteSpace="nowrap">{longDay(d.day)}</Table.Cell>
                      <Num>{formatCount(d.orders)}</Num>
                      <Num>{formatCount(d.units)}</Num>
                      <Num>{formatMoney(d.revenueCents)}</Num>
                      <Num>{formatMoney(d.averageTicketCents)}</Num>
                      <Num>{formatMoney(d.discountCents)}</Num>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </Panel>

          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
            <Panel title="Más vendidos por unidades" testId="summary-best-units">
              <SellersTable
                sellers={summary.bestSellersByUnits}
                by="unidades"
                testId="summary-best-units-table"
              />
            </Panel>
            <Panel title="Más vendidos por importe" testId="summary-best-revenue">
              <SellersTable
                sellers={summary.bestSellersByRevenue}
                by="importe"
                testId="summary-best-revenue-table"
              />
            </Panel>
          </SimpleGrid>

          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
            <Panel
              title="Existencias bajas"
              testId="summary-low-stock"
              aside={
                <Badge colorPalette={summary.lowStockTotal > 0 ? 'red' : 'gray'}>
                  {formatCount(summary.lowStockTotal)} tallas
                </Badge>
              }
            >
              <Field.Root invalid={!!thresholdError} maxW="64" mb="3">
                <Field.Label fontSize="sm">Tallas con esta cantidad o menos</Field.Label>
                <Input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={1000}
                  size="sm"
                  bg="white"
                  value={thresholdText}
                  onChange={(event) => applyThreshold(event.currentTarget.value)}
                  data-testid="summary-threshold"
                />
                {thresholdError ? <Field.ErrorText>{thresholdError}</Field.ErrorText> : null}
              </Field.Root>
              {summary.lowStock.length === 0 ? (
                <Empty>Ninguna talla con {formatCount(summary.lowStockThreshold)} o menos.</Empty>
              ) : (
                <Table.ScrollArea
                  maxH="80"
                  tabIndex={0}
                  role="region"
                  aria-label="Tallas con existencias bajas"
                >
                  <Table.Root size="sm" data-testid="summary-low-stock-table">
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>Producto</Table.ColumnHeader>
                        <Table.ColumnHeader>Talla</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">Quedan</Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {summary.lowStock.map((l) => (
                        <Table.Row key={`${l.productId}-${l.size}`} data-testid="summary-low-row">
                          <Table.Cell>{l.name}</Table.Cell>
                          <Table.Cell>{l.size}</Table.Cell>
                          <Num>{formatCount(l.quantity)}</Num>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </Table.ScrollArea>
              )}
              {summary.lowStockTotal > summary.lowStock.length ? (
                <Text mt="2" fontSize="sm" color="gray.600">
                  y {formatCount(summary.lowStockTotal - summary.lowStock.length)} tallas más
                </Text>
              ) : null}
            </Panel>

            <Panel
              title="Se liberan en 24 horas"
              testId="summary-releasing"
              aside={
                <Text fontSize="sm" color="gray.600">
                  {formatCount(summary.releasingTotal)} pedidos ·{' '}
                  {formatMoney(summary.releasingTotalCents)}
                </Text>
              }
            >
              <Text fontSize="sm" color="gray.600" mb="3">
                Pedidos sin pago que se cancelarán y devolverán sus unidades al stock.
              </Text>
              {summary.releasing.length === 0 ? (
                <Empty>Ningún pedido sin pago se libera en las próximas 24 horas.</Empty>
              ) : (
                <Table.ScrollArea
                  maxH="80"
                  tabIndex={0}
                  role="region"
                  aria-label="Pedidos que se liberan"
                >
                  <Table.Root size="sm" data-testid="summary-releasing-table">
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>Pedido</Table.ColumnHeader>
                        <Table.ColumnHeader>Cliente</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
                        <Table.ColumnHeader>Se libera</Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {summary.releasing.map((r) => (
                        <Table.Row key={r.orderId} data-testid="summary-releasing-row">
                          <Table.Cell>#{r.orderId}</Table.Cell>
                          <Table.Cell>{r.customerName}</Table.Cell>
                          <Num>{formatMoney(r.totalCents)}</Num>
                          <Table.Cell whiteSpace="nowrap">
                            {releaseTime(String(r.releasesAt))}
                          </Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </Table.ScrollArea>
              )}
            </Panel>
          </SimpleGrid>

          <Panel title="Cupones usados" testId="summary-coupons">
            {summary.couponUses.length === 0 ? (
              <Empty>Ningún cupón usado en el periodo.</Empty>
            ) : (
              <Table.Root size="sm" data-testid="summary-coupons-table">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Cupón</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Usos</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Descuento</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {summary.couponUses.map((c) => (
                    <Table.Row key={c.code} data-testid="summary-coupon-row">
                      <Table.Cell fontWeight="medium">{c.code}</Table.Cell>
                      <Num>{formatCount(c.uses)}</Num>
                      <Num>{formatMoney(c.discountCents)}</Num>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            )}
          </Panel>
        </Stack>
      )}
    </>
  );
}
