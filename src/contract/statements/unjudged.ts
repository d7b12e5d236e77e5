/**
 * The statement index's two hand-made tables: statements a requirement judges though it does not
 * quote them word for word (mapped), and statements no black-box check can judge, each with the reason
 * (explained). Keys are the statement's exact text: an edited spec sentence no longer matches, and the
 * index test names it (drift).
 */
const AUTH_REQUIRED = [
  'auth.required.create_user_bank',
  'auth.required.list_user_banks',
  'auth.required.list_rfp_registrations',
  'auth.required.get_user',
];

const MAPPED: Record<string, string[]> = {
  'All endpoints require the Authorization header (section 5).': AUTH_REQUIRED,
  'Each User can have bank accounts linked to it (User Banks).': ['create_user_bank.linked_user'],
  'The RfP registration list is the list of use cases the caller may use.': ['list_rfp_registrations.all'],
  'The operations shown are: create a User Bank, list User Banks, list RfP Registrations, and retrieve a User.': [
    'create_user_bank.operation',
    'list_user_banks.operation',
    'list_rfp_registrations.operation',
    'get_user.operation',
  ],
  '- Query parameters, all optional:': ['list_user_banks.operation'],
  '| status | pending | rfp_registration_pending | The registration is pending. |': ['rfp_registration.status'],
  '| status | active | rfp_registration_active | The registration is active. |': ['rfp_registration.status'],
  '| status | inactive | rfp_registration_inactive | The registration is inactive. |': ['rfp_registration.status'],
  '| use_case | account_to_account | rfp_registration_use_case_account_to_account | Transfers between asset accounts owned by the same entity. |':
    ['rfp_registration.use_case'],
  '| use_case | business_to_business | rfp_registration_use_case_business_to_business | Transfers with a business purpose for both sender and receiver. |':
    ['rfp_registration.use_case'],
  '| use_case | bill_pay | rfp_registration_use_case_bill_pay | Recurring and non-recurring consumer payments to businesses. |': [
    'rfp_registration.use_case',
  ],
  // The request body's members (4.1): the valid bodies send them as stated (a refusal breaks them), the invalid-body properties and the unusual requests vary their types.
  '| user_id | string |': ['create_user_bank.body_object'],
  '| account_number | string |': ['create_user_bank.body_object'],
  '| routing_number | string |': ['create_user_bank.body_object'],
  '| account_holder_type | string |': ['create_user_bank.body_object'],
  '| bank_account_type | string |': ['create_user_bank.body_object'],
};

const DESCRIPTION = 'describes the service; states nothing a client can observe';
const CLIENT_SIDE = 'a requirement on the client, which the suite meets on every request it means to be valid';

const EXPLAINED: Record<string, string> = {
  'This document covers the whole interface that is shown: users, the bank accounts linked to users (User Banks), and Request for Payment registrations (RfP Registrations).':
    DESCRIPTION,
  'Every request goes to {base_url}.': `${CLIENT_SIDE} (every request goes under --base-url)`,
  'The service is a payments API.': DESCRIPTION,
  'End users (Users) can complete transfers through it.': `${DESCRIPTION}; transfers are not shown (1)`,
  'Registration with the network operator is done for the caller when the caller is onboarded.':
    'onboarding is not an operation of the interface; what it yields is judged as the RfP list (list_rfp_registrations.all)',
  'An end user able to complete transfers.': DESCRIPTION,
  'Registration for sending Requests for Payment on the real-time payments network.': DESCRIPTION,
  'Enumerated values:': 'a heading; the rows under it are mapped to rfp_registration.status and use_case',
  'Path parameters are in braces.': 'notation of the document',
  '- Request header: Content-Type: application/json': `${CLIENT_SIDE} (every create is labelled so); another label is unusual input, judged never to 5xx`,
  '- Request body: none.': `${CLIENT_SIDE} (the suite sends no body on these GETs)`,
};

/** Spec silence: a statement that something is not shown states nothing to judge. */
const SILENCE = /(not shown|not described)\.( \|)*(\s*\|)*$/;

export function mappedRequirements(text: string): string[] {
  return MAPPED[text] ?? [];
}

export function explanationFor(text: string): string | undefined {
  if (SILENCE.test(text))
    return "spec silence ('not shown'): nothing to judge; the reference's variations prove the suite accepts every choice it leaves open";
  return EXPLAINED[text];
}

/** Every key of the two tables, so the index test can name those that match no statement any more. */
export const handMadeKeys = (): string[] => [...Object.keys(MAPPED), ...Object.keys(EXPLAINED)];
