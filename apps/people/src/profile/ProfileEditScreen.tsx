import { useRecordController } from '@backoffice/ui-kit';
import { PERSON_KINDS, type PersonKind } from './personKinds';
import { ProfileForm } from './ProfileForm';
import { ProfileLoadState } from './ProfileLoadState';

/** The edit screen of a fan or an influencer (`edit/:id` under its list). */
export function ProfileEditScreen({ kind }: { kind: PersonKind }) {
  const names = PERSON_KINDS[kind];
  const load = useRecordController(names.record);
  if (load.state !== 'ready') return <ProfileLoadState load={load} names={names} />;
  // Keyed by id: another profile gets a fresh form; a refetch of this one leaves the typed values alone.
  return <ProfileForm key={load.id} kind={kind} profile={load.data} />;
}
