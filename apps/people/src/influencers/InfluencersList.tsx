import { INFLUENCER_SORTS, type PersonRow } from '@backoffice/shared-api';
import type { DataTableColumn } from '@backoffice/ui-kit';
import { PeopleList } from '../people-list/PeopleList';
import type { PeopleListSource } from '../people-list/usePeopleListController';
import { fullName } from '../profile/profileFormat';

const INFLUENCERS = {
  kind: 'influencer',
  endpoint: 'getAllInfluencers',
  sorts: INFLUENCER_SORTS,
} satisfies PeopleListSource<'getAllInfluencers'>;

// The server sorts `name` by first then last name.
const NAME: DataTableColumn<PersonRow> = { key: 'name', title: 'Name', sortable: true, render: fullName };

/** Influencers list (spec section 2): name, user name, display name, email, created on, action. */
export function InfluencersList() {
  return <PeopleList source={INFLUENCERS} leadingColumns={[NAME]} />;
}
