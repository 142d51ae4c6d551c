import { authEndpoints } from './auth';
import { adminsEndpoints } from './admins';
import { secondFactorEndpoints } from './second-factor';
import { dashboardEndpoints } from './dashboard';
import { peopleEndpoints } from './people';
import { redemptionEndpoints } from './redemption';
import { paymentsEndpoints } from './payments';
import { catalogEndpoints } from './catalog';
import { auditEndpoints } from './audit';
import { remotesEndpoints } from './remotes';
import { releasesEndpoints } from './releases';

export * from './endpoint';
export { API_BASE_PATH, REMEMBERED_READS_KEY, TOKEN_KEY } from '../constants/transport';

/**
 * Every call of the API, written once, each beside its schemas in its area's file: the server
 * registers, validates and documents its routes from these objects; the apps call them by name
 * (the browser gets a schema-free table of them: routes.ts).
 */
export const endpoints = {
  ...authEndpoints,
  ...adminsEndpoints,
  ...secondFactorEndpoints,
  ...dashboardEndpoints,
  ...peopleEndpoints,
  ...redemptionEndpoints,
  ...paymentsEndpoints,
  ...catalogEndpoints,
  ...auditEndpoints,
  ...remotesEndpoints,
  ...releasesEndpoints,
};

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
