import dayjs from 'dayjs';

/** Spec section 4: an ongoing call's end time is the epoch, not null. */
export const EPOCH_ISO = '1970-01-01T00:00:00.000Z';

type Instant = string | null | undefined;

// One formatter instance: building Intl.NumberFormat per cell is measurably slow in long tables.
const DOLLARS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** US dollars, 2 decimals; a missing amount reads as zero rather than "NaN" in a money column. */
export function formatDollars(n: number | null | undefined): string {
  return DOLLARS.format(typeof n === 'number' && Number.isFinite(n) ? n : 0);
}

function parse(iso: Instant) {
  if (!iso) return undefined;
  const d = dayjs(iso);
  return d.isValid() ? d : undefined;
}

/** Spec section 9: local time, so an admin reads times in their own zone. */
export function formatDateTime(iso: Instant): string {
  return parse(iso)?.format('YYYY-MM-DD HH:mm') ?? '-';
}

export function formatDate(iso: Instant): string {
  return parse(iso)?.format('YYYY-MM-DD') ?? '-';
}

/** Spec section 9: ids are shortened to 8 characters in tables. */
export function shortId(id: string | null | undefined): string {
  if (!id) return '';
  return id.length > 8 ? `${id.slice(0, 8)}...` : id;
}

export function underscoresToSpaces(s: string | null | undefined): string {
  return (s ?? '').replace(/_/g, ' ');
}

const EPOCH_MS = Date.parse(EPOCH_ISO);

/** Compared by instant, because the server may spell the epoch differently ('+00:00', no millis). */
export function isOngoing(endedAt: Instant): boolean {
  return !!endedAt && Date.parse(endedAt) === EPOCH_MS;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Spec section 4: 'Ongoing', else hh:mm:ss (hours may pass 24), else 00:00:00 when not computable. */
export function formatCallDuration(startedAt: Instant, endedAt: Instant): string {
  if (isOngoing(endedAt)) return 'Ongoing';
  const start = startedAt ? Date.parse(startedAt) : NaN;
  const end = endedAt ? Date.parse(endedAt) : NaN;
  const ms = end - start;
  if (!Number.isFinite(ms) || ms < 0) return '00:00:00';
  const total = Math.floor(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return `${pad2(hours)}:${pad2(minutes)}:${pad2(total % 60)}`;
}

/** Spec section 4: an ongoing call has no end time to show, only a dash. */
export function formatCallEnd(endedAt: Instant): string {
  return isOngoing(endedAt) ? '-' : formatDateTime(endedAt);
}
