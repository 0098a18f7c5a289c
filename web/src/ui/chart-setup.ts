import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';

// Only the parts the dashboard draws (bar charts), so the chart chunk stays small.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);
Chart.defaults.font.family = getComputedStyle(document.documentElement).fontFamily;
Chart.defaults.color = '#1f2937';
Chart.defaults.animation = false;

export { Chart };
