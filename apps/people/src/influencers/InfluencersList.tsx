import { INFLUENCER_SORTS, useInfluencersList } from '@backoffice/shared-api';
import type { DataTableColumn } from '@backoffice/ui-kit';
import type { InfluencerRow } from '@backoffice/shared-api';
import { PeopleList } from '../profile/PeopleList';
import { fullName } from '../profile/profileFormat';
import type { PeopleListSource } from '../profile/usePeopleListController';

const INFLUENCERS = {
  kind: 'influencer',
  sorts: INFLUENCER_SORTS,
  useList: useInfluencersList,
} satisfies PeopleListSource<(typeof INFLUENCER_SORTS)[number]>;

// The server sorts `name` by first then last name.
const NAME: DataTableColumn<InfluencerRow> = { key: 'name', title: 'Name', sortable: true, render: fullName };

/** Influencers list (spec section 2): name, user name, display name, email, created on, action. */
export function InfluencersList() {
  return <PeopleList source={INFLUENCERS} leadingColumns={[NAME]} />;
}
