/** Fans and influencers share the list, the view and the edit form; the kind says which one a screen shows. */
export type PersonKind = 'fan' | 'influencer';

export interface PersonKindInfo {
  kind: PersonKind;
  /** 'Fan': headings and the not-found message. */
  one: string;
  /** 'Fans': the list's title and breadcrumb. */
  many: string;
  /** 'fan': inside sentences. */
  lower: string;
  /** The contract's read of one profile of this kind. */
  record: 'getFanDetail' | 'getInfluencerDetail';
  /** Its screens in the table of screens, for links. */
  list: 'fans' | 'influencers';
  view: 'fanView' | 'influencerView';
  edit: 'fanEdit' | 'influencerEdit';
}

export const PERSON_KINDS: Record<PersonKind, PersonKindInfo> = {
  fan: {
    kind: 'fan',
    one: 'Fan',
    many: 'Fans',
    lower: 'fan',
    record: 'getFanDetail',
    list: 'fans',
    view: 'fanView',
    edit: 'fanEdit',
  },
  influencer: {
    kind: 'influencer',
    one: 'Influencer',
    many: 'Influencers',
    lower: 'influencer',
    record: 'getInfluencerDetail',
    list: 'influencers',
    view: 'influencerView',
    edit: 'influencerEdit',
  },
};
