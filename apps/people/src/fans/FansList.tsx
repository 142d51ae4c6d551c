import { Link } from '@backoffice/ui-kit/router';
import { useLinkTo } from '@backoffice/ui-kit';
import { FAN_SORTS } from '@backoffice/shared-api';
import { PeopleList } from '../people-list/PeopleList';
import type { PeopleListSource } from '../people-list/usePeopleListController';

const FANS = {
  kind: 'fan',
  endpoint: 'getAllFans',
  sorts: FAN_SORTS,
  createdRange: true,
} satisfies PeopleListSource<'getAllFans'>;

/** Fans list (spec section 2): user name, display name, email, created on, action. */
export function FansList() {
  const link = useLinkTo();
  return <PeopleList source={FANS} extraActions={(f) => <Link to={link('fanDetail', { id: f._id })}>Details</Link>} />;
}
