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

const twoDecimals = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A slope with its sign and two decimals, a real minus sign as in the overview's changes: `−7.77`, `+0.50`. */
export function formatSlope(value: number | null | undefined): string {
  if (value === null || value === undefined) return DASH;
  const magnitude = twoDecimals.format(Math.abs(value));
  if (Number(magnitude) === 0) return magnitude;
  return `${value > 0 ? '+' : '−'}${magnitude}`;
}

/** How well a fitted line follows the figures (R², 0 to 1), always with two decimals: `0.66`. */
export function formatFit(value: number | null | undefined): string {
  return value === null || value === undefined ? DASH : twoDecimals.format(value);
}

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : DASH;
}

export function formatDate(iso: string | null | undefined): string {
  return iso ? dateOnly.format(new Date(iso)) : DASH;
}

const utcDay = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * When a student answered: the API tells readers the UTC day only (midnight UTC), a super admin an alert's instant.
 * A day is shown as that UTC day (not shifted to the browser's zone, where it could read as the day before), an
 * instant with its time.
 */
export function formatAnswerTime(iso: string | null | undefined): string {
  if (!iso) return DASH;
  return iso.endsWith('T00:00:00.000Z') ? utcDay.format(new Date(iso)) : dateTime.format(new Date(iso));
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
