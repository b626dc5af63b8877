import type { ApiClient } from '../api/client';
import type { UploadApi } from './upload-queue';

/** The asset routes of spec section 7 through the editor's api client (bearer token, the spec's error text). */
export function assetsApi(client: Pick<ApiClient, 'request'>): UploadApi {
  return {
    // fileSize is optional for assets; sending it reserves the real size, not the type's maximum.
    createUploadUrl: (body) => client.request('POST', '/assets/create-upload-url', body),
    setPublicAcl: (key) => client.request('POST', '/assets/set-public-acl', { key }),
    deleteKey: (key) => client.request('POST', '/assets/delete', { key }),
  };
}
