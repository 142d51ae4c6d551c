export interface TimedRequest {
  name: string;
  startTime: number;
  responseEnd: number;
}
export function requestWaves(
  navigation: { responseEnd: number; domInteractive: number },
  resources: readonly TimedRequest[],
): Array<TimedRequest & { wave: number }>;
