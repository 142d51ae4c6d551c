import { ProfileScreen } from '../profile/ProfileScreen';

export function InfluencerView() {
  return <ProfileScreen kind="influencer" />;
}
