/**
 * The field requirements of a resource of spec section 2 (`user_bank.id`, `user_bank.status`, ...),
 * read from the catalog so a schema check covers every field, including one added to it later.
 */
import { requirements, type RequirementId } from '../../core/requirements.js';

export const fieldRequirements = (resource: 'user_bank' | 'user' | 'rfp_registration'): RequirementId[] =>
  requirements.filter((r) => r.id.startsWith(`${resource}.`) && /^2\.\d$/.test(r.section)).map((r) => r.id);
