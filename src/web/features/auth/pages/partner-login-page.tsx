import LoginPage from './login-page';

/** /partners/login: the shared login in professional context (title 'Sign in (Professional)', default /partner/profile). */
export default function PartnerLoginPage() {
  return <LoginPage professional />;
}
