// The staff's figures: GET /admin/analytics?from&to&granularity.
import { API } from '../messages';
import { GRANULARITIES } from '../dates';
import { oneOf, query, text } from './fields';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const analyticsQuery = query({
  from: text(10, { pattern: DAY, message: API.invalidDate }),
  to: text(10, { pattern: DAY, message: API.invalidDate }),
  granularity: oneOf(GRANULARITIES),
});
