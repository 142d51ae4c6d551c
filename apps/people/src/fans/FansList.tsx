import { Link } from '@backoffice/ui-kit/router';
import { FAN_SORTS, useFansList } from '@backoffice/shared-api';
import { PeopleList } from '../profile/PeopleList';
import type { PeopleListSource } from '../profile/usePeopleListController';

const FANS = { kind: 'fan', sorts: FAN_SORTS, useList: useFansList, createdRange: true } satisfies PeopleListSource<
  (typeof FAN_SORTS)[number]
>;

/** Fans list (spec section 2): user name, display name, email, created on, action. */
export function FansList() {
  return <PeopleList source={FANS} extraActions={(f) => <Link to={`../details/fan-details/${f._id}`}>Details</Link>} />;
}
