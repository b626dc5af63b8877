// What libs/stage's browser globalSetup provides to its tests (inject('sandboxOrigin')).
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    sandboxOrigin: string;
  }
}
