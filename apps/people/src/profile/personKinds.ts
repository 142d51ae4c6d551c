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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs (contract `Id`); anything else cannot name a user, so it is not even asked for. */
export function isPersonId(id: string | undefined): id is string {
  return !!id && UUID.test(id);
}
