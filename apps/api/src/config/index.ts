export { loadConfig, ConfigError } from './config';
export type { AppConfig, S3Config, AuthConfig, StripeConfig, AiConfig, GiphyConfig, TrustProxy } from './config';
export { trustedPeer } from './trusted-peer';
