import { describePages, useStudent } from '../support/accessibility';

/** Issue 11, the pages: a share of the page visits (VISITED_IN in support/accessibility.ts). */
useStudent({ inspect: false });
describePages('accessibility-pages-1');
