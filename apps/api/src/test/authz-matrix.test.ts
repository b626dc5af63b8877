import { createTestApp } from '../testing/test-app';
import { authzMatrixSuite } from './suites/authz-matrix-suite';

authzMatrixSuite(() => createTestApp());
