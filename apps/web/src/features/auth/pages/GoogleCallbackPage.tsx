import { AUTH_MESSAGES, SSO_MESSAGES, signedInHome, TOASTS } from '@profilehub/shared';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { messageOf } from '../../../lib/api.ts';
import { endSession, startSession } from '../../../lib/auth.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { googleCallbackOnce, settleGoogleCallback } from '../api/google-callback.ts';
import { CallbackStatus } from '../components/CallbackStatus.tsx';

/** /authenticate/google: finishes sign-in through the identity provider (spec §2, §4). */
export function GoogleCallbackPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  // The hub's own browser leg sends a one-time ticket; spec §7 also allows a provider's id token.
  const ticket = search.get('ticket');
  const idToken = ticket ?? search.get('id_token');
  const accessToken = search.get('access_token');
  const providerError = search.get('error');
  const providerFailed = providerError !== null;
  const query = useMemo(() => {
    const q: Record<string, string> = {};
    if (ticket) q.ticket = ticket;
    else if (idToken) q.id_token = idToken;
    if (accessToken) q.access_token = accessToken;
    return q;
  }, [ticket, idToken, accessToken]);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!idToken) return;
    let current = true;
    googleCallbackOnce(query).then(
      (auth) => {
        if (!current) return;
        settleGoogleCallback(query);
        startSession(auth);
        toastSuccess(TOASTS.loggedIn, { forNextScreen: true });
        navigate(auth.user.confirmed ? signedInHome(auth.user.role) : '/reset-password', { replace: true });
      },
      (error: unknown) => {
        if (!current) return;
        settleGoogleCallback(query);
        setFailure(messageOf(error));
      },
    );
    return () => {
      current = false;
    };
  }, [idToken, query, navigate]);

  useEffect(() => {
    if (failure !== null || providerFailed) endSession();
  }, [failure, providerFailed]);

  // The server's own browser leg sends `?error=` when the provider refused or the account could not be linked (spec §8).
  const message = providerFailed
    ? providerError === 'google_link_failed'
      ? AUTH_MESSAGES.googleLinkFailed
      : providerError === 'sso_required'
        ? SSO_MESSAGES.required
        : AUTH_MESSAGES.googleSignInFailed
    : !idToken
      ? AUTH_MESSAGES.googleNotRequested
      : failure;

  return <CallbackStatus title="Sign in with Google" message={message} />;
}
