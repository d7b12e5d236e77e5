/** One valid example of each resource of spec section 2, for the unit tests of schemas and findings. */
export const bank = {
  id: 'ub_1',
  user_id: 'usr_1',
  account_number: '0012345',
  routing_number: '021000021',
  account_holder_type: 'individual',
  bank_account_type: 'checking',
  created_at: '2025-01-01T00:00:00Z',
  is_rtp_enabled: true,
  is_rtp_rfp_enabled: false,
  status: 'active',
  verification_status: 'verified',
};
export const user = {
  id: '1',
  first_name: 'A',
  last_name: 'B',
  email: 'a@b.c',
  phone: '5551234567',
  ssn: '912345678',
  date_of_birth: { date: 1, month: 2, year: 1990 },
  address: { line1: '1 Main', line2: null, city: 'X', state: 'IL', zip: '62701' },
  created_at: '2025-01-01T00:00:00+00:00',
  status: 'active',
};
export const rfp = { id: 'r1', created_at: '2025-01-01T00:00:00Z', status: 'pending', use_case: 'bill_pay' };
