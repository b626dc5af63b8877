import { createTestApp } from '../testing/test-app';
import { projectsSuite } from './suites/projects-suite';

projectsSuite(() => createTestApp());
