import type { CheckSpec } from './types.js';

/** Checks over every exchange of the run (universal HTTP facts). */
export const httpChecks: CheckSpec[] = [
  {
    id: 'http.no-server-errors',
    area: 'http',
    requirement: 'http.no-5xx',
    title: 'No request of the whole run was answered with a 5xx',
  },
  {
    id: 'http.json-bodies',
    area: 'http',
    requirement: 'json.bodies',
    title: 'Every success answer of the whole run has a body that parses as JSON',
  },
  {
    id: 'http.json-content-type',
    area: 'http',
    requirement: 'conv.content_type',
    title: 'Every JSON success answer is labelled with a JSON content type',
  },
];
