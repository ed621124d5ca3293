import { FinishSignUpStep } from '../features/auth/components/finish-sign-up';
import { ProfilePage } from '../features/profile/components/profile-page';

/**
 * /profile: the profile page, which shows the auth feature's sign-up step 2 to a member whose account
 * has no profile yet (sign-up left after its first step).
 */
export function ProfileRoute() {
  return <ProfilePage FinishSignUp={FinishSignUpStep} />;
}
