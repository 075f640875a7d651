import { afterAll } from 'vitest';
import { wideScreenLoadsSettled } from '../ui/use-is-mobile';

// A test file that imports the frame starts loading the side navigation and the search field, as a
// wide screen does (decision 277): the file ends only once that code is in, not while it is still
// being imported into an environment torn down (an unhandled error that fails the run).
afterAll(() => wideScreenLoadsSettled());
