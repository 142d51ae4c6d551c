import { ProfileEditScreen } from '../profile/ProfileEditScreen';

export function InfluencerEdit() {
  return <ProfileEditScreen kind="influencer" />;
}
