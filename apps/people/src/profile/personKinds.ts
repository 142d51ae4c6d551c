import type { PersonKind } from '@backoffice/shared-api';

export interface PersonKindInfo {
  kind: PersonKind;
  /** 'Fan': headings and the not-found message. */
  one: string;
  /** 'Fans': the list's title and breadcrumb. */
  many: string;
  /** 'fan': inside sentences. */
  lower: string;
}

export const PERSON_KINDS: Record<PersonKind, PersonKindInfo> = {
  fan: { kind: 'fan', one: 'Fan', many: 'Fans', lower: 'fan' },
  influencer: { kind: 'influencer', one: 'Influencer', many: 'Influencers', lower: 'influencer' },
};
