/**
 * Bar charts of statistics (Mantine charts on recharts). Imported lazily by the pages that draw
 * charts, so the chart library never weighs on the landing page.
 */
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { formatCount } from '../lib/numbers.js';

export interface StatsChartSeries {
  name: string;
  label: string;
  color: string;
}

export interface StatsChartProps {
  data: Record<string, string | number>[];
  /** The property of each point written on the x axis. */
  dataKey: string;
  series: StatsChartSeries[];
  /** Accessible name of the chart; its figures are also in the table beside it. */
  label: string;
  locale?: string;
  height?: number;
  testId?: string;
}

export default function StatsChart({
  data,
  dataKey,
  series,
  label,
  locale,
  height = 260,
  testId,
}: StatsChartProps) {
  return (
    <figure aria-label={label} data-testid={testId} style={{ margin: 0 }}>
      <BarChart
        h={height}
        data={data}
        dataKey={dataKey}
        series={series}
        type="stacked"
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        tickLine="y"
        valueFormatter={(value) => formatCount(value, locale)}
        yAxisProps={{ allowDecimals: false }}
        barProps={{ isAnimationActive: false }}
      />
    </figure>
  );
}
