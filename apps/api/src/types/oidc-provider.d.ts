/* eslint-disable @typescript-eslint/no-explicit-any -- the untyped oidc-provider surface */
// oidc-provider ships no types and @types/oidc-provider is not installed; the api uses a small,
// loosely typed surface of it (src/idp/provider.ts).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string };
    grantId?: string;
    returnTo: string;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    proxy: boolean;
    /** Koa: how many X-Forwarded-For entries to read from the right (0: all). */
    maxIpsCount: number;
    issuer: string;
    Grant: any;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      opts?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    on(event: string, listener: (...args: any[]) => void): this;
  }
  export const errors: Record<string, new (...args: any[]) => Error>;
}
