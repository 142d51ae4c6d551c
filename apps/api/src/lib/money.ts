/** The database keeps integer cents; replies carry dollars with 2 decimals. */
export const dollarsFromCents = (cents: number | string | null | undefined): number =>
  Math.round(Number(cents ?? 0)) / 100;

export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);
