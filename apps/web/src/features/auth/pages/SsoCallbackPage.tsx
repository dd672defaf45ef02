import { SSO_MESSAGES, signedInHome, TOASTS } from '@profilehub/shared';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { messageOf } from '../../../lib/api.ts';
import { endSession, startSession } from '../../../lib/auth.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { redeemSsoTicketOnce } from '../api/redeem-sso-ticket.ts';
import { CallbackStatus } from '../components/CallbackStatus.tsx';

/** /authenticate/sso: the server's SSO callback sends a one-time ticket (or an error) here; the ticket becomes a session. */
export function SsoCallbackPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const ticket = search.get('ticket');
  const error = search.get('error');
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!ticket) return;
    let current = true;
    redeemSsoTicketOnce(ticket).then(
      (auth) => {
        if (!current) return;
        startSession(auth);
        toastSuccess(TOASTS.loggedIn, { forNextScreen: true });
        navigate(signedInHome(auth.user.role), { replace: true });
      },
      (err: unknown) => {
        if (current) setFailure(messageOf(err));
      },
    );
    return () => {
      current = false;
    };
  }, [ticket, navigate]);

  useEffect(() => {
    if (failure !== null || error !== null) endSession();
  }, [failure, error]);

  const message = error === 'sso_not_available' ? SSO_MESSAGES.notAvailable : error !== null || !ticket ? SSO_MESSAGES.signInFailed : failure;

  return <CallbackStatus title="Single sign-on" message={message} />;
}
