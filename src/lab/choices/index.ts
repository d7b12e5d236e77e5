/** Every spec-open choice of the reference (choice.ts): what npm run mutation leaves unmutated, and why. */
import { assignedValuesChoice } from './assigned-values.js';
import { authRefusalChoice } from './auth-refusal.js';
import { bodyCapChoice } from './body-cap.js';
import type { Choice } from './choice.js';
import { cursorAlphabetChoice, cursorStyleChoice } from './cursor-style.js';
import { emptyFilterChoice } from './empty-filter.js';
import { errorShapeChoice } from './error-shape.js';
import { lastPageChoice } from './last-page.js';
import { limitAbove100Choice } from './limit-above-100.js';
import { listingLagChoice } from './listing-lag.js';
import { orderChoice } from './order.js';
import { rfpPagesChoice } from './rfp-pages.js';
import { badInputStatusChoice, createStatusChoice, idFormatChoice, otherBankStatusChoice, unknownUserStatusChoice } from './statuses.js';
import { timestampChoice } from './timestamp.js';
import { validationChoice } from './validation.js';

export type { Alternative, Choice } from './choice.js';

export const choices: readonly Choice[] = [
  createStatusChoice,
  badInputStatusChoice,
  unknownUserStatusChoice,
  authRefusalChoice,
  errorShapeChoice,
  orderChoice,
  cursorStyleChoice,
  cursorAlphabetChoice,
  lastPageChoice,
  limitAbove100Choice,
  emptyFilterChoice,
  rfpPagesChoice,
  validationChoice,
  timestampChoice,
  idFormatChoice,
  otherBankStatusChoice,
  listingLagChoice,
  assignedValuesChoice,
  bodyCapChoice,
];
