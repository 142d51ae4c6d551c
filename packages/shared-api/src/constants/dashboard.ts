/** The dashboard's charts cover the last 30 days, today included. */
export const DASHBOARD_CHART_DAYS = 30;
/** How many of the newest requests and payout requests the dashboard lists. */
export const DASHBOARD_LATEST_COUNT = 5;
