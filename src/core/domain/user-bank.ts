/**
 * What the spec says about a User Bank (2.1) and its create body (4.1), as data shared by the
 * generators, the checks and the reference implementation.
 */

/**
 * Members that stay what they were at creation. status, verification_status and the RTP flags may
 * move after creation (their transitions are "not shown"), so a listing may differ from the create
 * answer there without a defect.
 */
export const IMMUTABLE_BANK_FIELDS = [
  'id',
  'user_id',
  'account_number',
  'routing_number',
  'account_holder_type',
  'bank_account_type',
  'created_at',
] as const;

/** Every member of a User Bank (2.1); 4.1 returns "one User Bank object ... with all its fields". */
export const USER_BANK_FIELDS = [
  ...IMMUTABLE_BANK_FIELDS,
  'is_rtp_enabled',
  'is_rtp_rfp_enabled',
  'status',
  'verification_status',
] as const;

/** Members of the create body (4.1); which are required is "not shown". */
export const CREATE_BODY_FIELDS = ['user_id', 'account_number', 'routing_number', 'account_holder_type', 'bank_account_type'] as const;
export type CreateBodyField = (typeof CREATE_BODY_FIELDS)[number];
export type CreateBody = Record<CreateBodyField, string>;

/** The only values the spec names ("Known value: ..."); others are "not shown", so neither required nor forbidden. */
export const KNOWN_HOLDER_TYPES = ['individual'] as const;
export const KNOWN_ACCOUNT_TYPES = ['checking'] as const;

/**
 * The status values the spec names for any status-like member: active (2.1 and 2.2's known value),
 * pending, active and inactive (2.3's states), verified (2.1's verification_status). A server may
 * name its User Banks' statuses (values beyond "active": not shown) after any of them.
 */
export const SPEC_NAMED_STATUSES = ['active', 'inactive', 'pending', 'verified'] as const;
