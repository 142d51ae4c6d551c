import type { Kysely } from 'kysely';
import type { InfluencerListQuery, PersonRow, UserProfile } from '@backoffice/shared-api/contract';
import type { DB } from '../../db/schema';
import { getProfileOf } from './fans';
import type { ListPage } from '../../lib/list';
import { listUsers } from './user-list';

export const listInfluencers = (db: Kysely<DB>, q: InfluencerListQuery): Promise<ListPage<PersonRow>> =>
  listUsers(db, 'influencer', q);

export const getInfluencer = (db: Kysely<DB>, id: string): Promise<UserProfile> =>
  getProfileOf(db, id, 'influencer', 'Influencer not found');
