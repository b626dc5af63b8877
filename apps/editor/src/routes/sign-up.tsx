import { createFileRoute } from '@tanstack/react-router';
import { AuthScreen } from '../auth/AuthScreen';

export const Route = createFileRoute('/sign-up')({
  validateSearch: (search: Record<string, unknown>): { redirect_url?: string } =>
    typeof search['redirect_url'] === 'string' ? { redirect_url: search['redirect_url'] } : {},
  component: SignUpPage,
});

function SignUpPage() {
  const { redirect_url } = Route.useSearch();
  return <AuthScreen mode="sign-up" redirectUrl={redirect_url} />;
}
