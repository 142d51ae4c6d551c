import type { PersonKind } from '@backoffice/shared-api';
import { PERSON_KINDS } from './personKinds';
import { ProfileForm } from './ProfileForm';
import { ProfileLoadState } from './ProfileLoadState';
import { useProfileLoad } from './useProfileLoad';

/** The edit screen of a fan or an influencer (`edit/:id` under its list). */
export function ProfileEditScreen({ kind }: { kind: PersonKind }) {
  const load = useProfileLoad(kind);
  if (load.state !== 'ready') return <ProfileLoadState load={load} names={PERSON_KINDS[kind]} />;
  // Keyed by id: another profile gets a fresh form; a refetch of this one leaves the typed values alone.
  return <ProfileForm key={load.id} kind={kind} profile={load.data} />;
}
