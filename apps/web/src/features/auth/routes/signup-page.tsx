import { AuthCard } from '../../../components/ui/card';
import { TextLink } from '../../../components/ui/text-link';
import { useDocumentTitle } from '../../../lib/document-title';
import { SignupWizard } from '../components/signup-wizard';

export function SignupPage() {
  useDocumentTitle('Sign up');
  return (
    <AuthCard title="Become a SunIn partner" wide>
      <SignupWizard />
      <p className="mt-6 border-t border-ink-200 pt-4 text-center text-sm text-ink-600">
        Already have an account? <TextLink to="/login">Login</TextLink>
      </p>
    </AuthCard>
  );
}
