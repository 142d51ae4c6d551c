import { ProfileEditScreen } from '../profile/ProfileEditScreen';

export function FanEdit() {
  return <ProfileEditScreen kind="fan" />;
}
