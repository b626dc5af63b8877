import { useAuth0 } from '@auth0/auth0-react';
import { useMemo } from 'react';
import { ApiClient } from '../api/client';

/** An api client that sends the signed-in user's access token. */
export function useApi(): ApiClient {
  const { getAccessTokenSilently, isAuthenticated } = useAuth0();
  return useMemo(() => new ApiClient(async () => (isAuthenticated ? getAccessTokenSilently() : undefined)), [getAccessTokenSilently, isAuthenticated]);
}
