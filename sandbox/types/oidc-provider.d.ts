/**
 * oidc-provider ships no type declarations. These cover the parts the sandbox
 * uses; everything else stays loosely typed.
 */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export type KoaContextWithOIDC = {
    oidc: OIDCContext;
    body?: unknown;
    type?: string;
    host: string;
    path: string;
    method: string;
    status: number;
    query: Record<string, string | string[] | undefined>;
    [key: string]: unknown;
  };

  export type OIDCContext = {
    params: Record<string, unknown> & { scope?: string; client_id?: string };
    client?: ClientInstance;
    session: { accountId?: string; grantIdFor(clientId: string): string | undefined };
    result?: { consent?: { grantId?: string }; [key: string]: unknown };
    entities: Record<string, unknown>;
    [key: string]: unknown;
  };

  export type ClientInstance = {
    clientId: string;
    clientName?: string;
    grantTypeAllowed(type: string): boolean;
    [key: string]: unknown;
  };

  export type GrantInstance = {
    jti: string;
    accountId?: string;
    clientId?: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    getOIDCScope(): string;
    save(): Promise<string>;
  };

  export type AccessTokenInstance = {
    jti: string;
    accountId?: string;
    clientId?: string;
    grantId?: string;
    scope?: string;
    exp?: number;
    expiresIn?: number;
    save(): Promise<string>;
    destroy(): Promise<void>;
  };

  export type TokenSource = { scopes: Set<string>; [key: string]: unknown };

  export type InteractionDetails = {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string };
    grantId?: string;
    [key: string]: unknown;
  };

  export type Account = {
    accountId: string;
    claims(use: string, scope: string, claims?: unknown, rejected?: string[]): Promise<Record<string, unknown>>;
  };

  export type Configuration = Record<string, unknown>;

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    issuer: string;
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    use(middleware: (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void>): void;
    on(event: string, listener: (...args: unknown[]) => void): this;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    AccessToken: {
      new (properties: Record<string, unknown>): AccessTokenInstance;
      find(value: string, options?: Record<string, unknown>): Promise<AccessTokenInstance | undefined>;
    };
    Grant: {
      new (properties: { accountId?: string; clientId: string }): GrantInstance;
      find(id: string): Promise<GrantInstance | undefined>;
    };
    Client: { find(id: string): Promise<ClientInstance | undefined> };
  }

  export default Provider;
}
