export { loadConfig, ConfigError } from './config';
export type { AppConfig, S3Config, AuthConfig, StripeConfig, AiConfig, GiphyConfig } from './config';
