/** Each list screen's route under /app: 'fans', 'payouts-requests', … */
export const LIST_PATHS: string[];
