import { ProfileScreen } from '../profile/ProfileScreen';

export function FanView() {
  return <ProfileScreen kind="fan" />;
}
