import { Chart, useChart } from '@chakra-ui/charts';
import { formatMoney } from '@tienda/rules';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { shortDay } from '../summary-format';

export interface ChartDay {
  day: string;
  revenueCents: number;
  orders: number;
}

const compact = new Intl.NumberFormat('es-MX', {
  style: 'currency',
  currency: 'MXN',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/**
 * Revenue per Mexico City day as bars (@chakra-ui/charts over recharts); the tooltip gives the
 * day's revenue and paid orders. The figures are also in the table below it, for screen readers
 * and for copying.
 */
export function SummaryChart({ days }: { days: readonly ChartDay[] }) {
  const chart = useChart({
    data: days.map((d) => ({
      dia: shortDay(d.day),
      ingresos: d.revenueCents / 100,
      pedidos: d.orders,
    })),
    series: [{ name: 'ingresos', color: 'orange.solid', label: 'Ingresos' }],
  });
  return (
    <Chart.Root
      chart={chart}
      h={{ base: '56', md: '72' }}
      aspectRatio="auto"
      overflow="hidden"
      role="img"
      aria-label={`Ingresos por día, ${days.length === 1 ? '1 día' : `${days.length} días`}`}
      data-testid="summary-chart"
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={chart.data}
          margin={{ left: 4, right: 4, top: 8 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
          <XAxis
            dataKey={chart.key('dia')}
            tickLine={false}
            axisLine={false}
            minTickGap={12}
            tick={{ fill: chart.color('gray.700'), fontSize: 12 }}
          />
          <YAxis
            tickLine={false}
            axisLine={false}
            width={56}
            tick={{ fill: chart.color('gray.700'), fontSize: 12 }}
            tickFormatter={(value: number) => compact.format(value)}
          />
          <Tooltip
            cursor={{ fill: chart.color('bg.muted') }}
            animationDuration={100}
            formatter={(value, _name, item) => [
              `${formatMoney(Math.round(Number(value) * 100))} · ${
                (item.payload as { pedidos: number }).pedidos
              } pedidos`,
              'Ingresos',
            ]}
          />
          {chart.series.map((item) => (
            <Bar
              key={item.name}
              isAnimationActive={false}
              dataKey={chart.key(item.name)}
              fill={chart.color(item.color)}
              radius={[4, 4, 0, 0]}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </Chart.Root>
  );
}
