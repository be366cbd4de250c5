import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { MESSAGES } from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { AuthCard } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/text-field';
import { TextLink } from '../../../components/ui/text-link';
import { canOpenMemberArea, canOpenPath, isAdmin, isLoggedIn } from '../../../lib/access';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { ADMIN_LANDING, landingAfterLogin, redirectTarget } from '../../../lib/redirect';
import { readSession } from '../../../lib/session';
import { useLogin } from '../api/login';
import { TwoFactorStep } from '../components/two-factor-step';

interface LoginValues {
  email: string;
  password: string;
}

export function LoginPage() {
  useDocumentTitle('Log in');
  const location = useLocation();
  const navigate = useNavigate();
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  /** Set once the password was right and two-factor is on: the second step asks for a code. */
  const [secondStep, setSecondStep] = useState<LoginValues | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  /** What the email field starts with: empty, or the email of a second step left with Back. */
  const [startEmail, setStartEmail] = useState('');

  const session = readSession();
  // The page a guard turned this visitor away from, if any (member-app.md 2).
  const remembered = redirectTarget(location.state, '');
  // A signed-in visitor a guard sent here stays here (issue 34 item 8: a partner opening /admin
  // lands on /login, as the spec says, not on /home), with a word on why.
  const turnedAway = isLoggedIn(session) && remembered !== '' && !canOpenPath(session, remembered);
  // member-app.md 2: a visitor who already has a session goes to /home. A signed-in account
  // that /home would reject (a guard sent it here) sees the form instead of a redirect loop.
  if (canOpenMemberArea(session) && !turnedAway && !login.isPending && !login.isSuccess) {
    return <Navigate to={remembered || (isAdmin(session) ? ADMIN_LANDING : '/home')} replace />;
  }
  const rejectedWhileSignedIn = isLoggedIn(session) && (turnedAway || !canOpenMemberArea(session));

  // Two uncontrolled fields read at submit: no form library on this prerendered public page
  // (docs/decisions/024-public-first-load.md).
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const email = String(fields.get('email') ?? '');
    const password = String(fields.get('password') ?? '');
    if (!email.trim() || !password) {
      setFormError(MESSAGES.loginRequired);
      return;
    }
    setFormError(null);
    try {
      await login.mutateAsync({ email, password });
      await navigate(landingAfterLogin(location.state, isAdmin(readSession())), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'mfa_required') {
        setCodeError(null);
        setSecondStep({ email, password });
        return;
      }
      // member-app.md 8: the server's message, else the spec's text; said once, beside the form.
      setFormError(errorMessage(error, MESSAGES.loginFailed));
    }
  };

  const submitCode = async (otpCode: string) => {
    if (!secondStep) return;
    setCodeError(null);
    try {
      await login.mutateAsync({ ...secondStep, otp_code: otpCode });
      await navigate(landingAfterLogin(location.state, isAdmin(readSession())), { replace: true });
    } catch (error) {
      // A wrong or already used code answers like a wrong password; say what it means here.
      const message =
        error instanceof ApiError && error.code === 'invalid_credentials'
          ? 'That code did not work. Codes work once; wait for the next one in your app, or use an unused recovery code.'
          : errorMessage(error, MESSAGES.loginFailed);
      setCodeError(message);
    }
  };
  const startOver = () => {
    setStartEmail(secondStep?.email ?? '');
    setSecondStep(null);
    setCodeError(null);
  };

  if (secondStep) {
    return (
      <AuthCard title="Two-factor sign-in">
        <TwoFactorStep error={codeError} pending={login.isPending} onSubmit={(code) => void submitCode(code)} onBack={startOver} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Log in to SunIn">
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        {rejectedWhileSignedIn && (
          <Alert tone="info">Your account cannot open that page. Log in with a different account to continue.</Alert>
        )}
        {formError && <Alert tone="error">{formError}</Alert>}
        <TextField label="Email" name="email" type="email" autoComplete="email" required defaultValue={startEmail} />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
        <div className="flex justify-end">
          <TextLink to="/request-password-reset" className="text-sm">
            Forgot your password?
          </TextLink>
        </div>
        <Button type="submit" className="w-full" pending={login.isPending}>
          Log in
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-ink-600">
        New to SunIn? <TextLink to="/signup">Sign up</TextLink>
      </p>
    </AuthCard>
  );
}
