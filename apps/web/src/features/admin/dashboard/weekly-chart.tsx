import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

interface WeeklyChartProps {
  labels: string[];
  values: number[];
  /** Names the chart for screen readers; the figures are also listed in a table beside it. */
  label: string;
  rtl: boolean;
}

/** Bookings per week, a bar chart (Chart.js); the bar colour is the theme's navy token. */
export function WeeklyChart({ labels, values, label, rtl }: WeeklyChartProps) {
  const styles = getComputedStyle(document.documentElement);
  const bar = styles.getPropertyValue('--navy-600').trim();
  const grid = styles.getPropertyValue('--line').trim();
  return (
    <div className="dashboard-chart">
      <Bar
        aria-label={label}
        role="img"
        data={{ labels, datasets: [{ label, data: values, backgroundColor: bar, borderRadius: 4 }] }}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          plugins: { legend: { display: false }, tooltip: { rtl } },
          scales: {
            x: { reverse: rtl, grid: { display: false } },
            y: { beginAtZero: true, ticks: { precision: 0 }, grid: { color: grid }, position: rtl ? 'right' : 'left' },
          },
        }}
      />
    </div>
  );
}
