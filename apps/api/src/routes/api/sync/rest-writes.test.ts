import { describe } from 'vitest';
import { docAuthoritySuite } from '../../../test/suites/doc-authority-suite';
import { createTestApp } from '../../../testing/test-app';

// The document authority on PGlite; postgres.test.ts runs the same suite on PostgreSQL.
describe('the project document on PGlite', () => docAuthoritySuite(() => createTestApp()));
