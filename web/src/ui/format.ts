const numberFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });
const oneDecimal = new Intl.NumberFormat('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

export const DASH = '—';

export function formatNumber(value: number | null | undefined): string {
  return value === null || value === undefined ? DASH : numberFormat.format(value);
}

export function formatScore(value: number | null | undefined): string {
  return value === null || value === undefined ? DASH : oneDecimal.format(value);
}

/** A ratio 0..1 as a percentage. */
export function formatPercent(ratio: number | null | undefined): string {
  return ratio === null || ratio === undefined ? DASH : `${oneDecimal.format(ratio * 100)}%`;
}

/** A change with its sign, e.g. +2.5 or −1.0. */
export function formatDelta(value: number | null | undefined, asPercent = false): string {
  if (value === null || value === undefined) return DASH;
  const magnitude = asPercent ? `${oneDecimal.format(Math.abs(value) * 100)} pts` : oneDecimal.format(Math.abs(value));
  if (value === 0) return `±${magnitude}`;
  return `${value > 0 ? '+' : '−'}${magnitude}`;
}

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : DASH;
}

export function formatDate(iso: string | null | undefined): string {
  return iso ? dateOnly.format(new Date(iso)) : DASH;
}

/** `positive_rate` → `Positive rate`. */
export function humanize(code: string): string {
  const text = code.replace(/[_-]+/g, ' ').toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A count with its noun in the right number: `1 evaluation`, `3 evaluations` (`many` when the plural is irregular). */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
