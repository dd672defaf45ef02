import { type Me, signedInHome, TOASTS } from '@profilehub/shared';
import { useNavigate } from 'react-router';
import { toastSuccess } from '../../../lib/notify.ts';

/** What every way of signing in does once the session is stored: says so, and goes where the person was headed. */
export function useFinishSignIn(returnTo: string | null) {
  const navigate = useNavigate();
  return (user: Me) => {
    toastSuccess(TOASTS.loggedIn, { forNextScreen: true });
    // No password yet (a new account): setting one comes first.
    if (!user.confirmed) navigate('/reset-password', { replace: true });
    else navigate(returnTo ?? signedInHome(user.role), { replace: true });
  };
}
