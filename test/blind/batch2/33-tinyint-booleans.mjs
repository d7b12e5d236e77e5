// 33-tinyint-booleans
// Defect: List views come from a MySQL raw query where BOOLEAN is TINYINT(1), so is_rtp_enabled / is_rtp_rfp_enabled are 1/0 instead of true/false.
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({
    faults: { bankListView: (v) => ({ ...v, is_rtp_enabled: v.is_rtp_enabled ? 1 : 0, is_rtp_rfp_enabled: v.is_rtp_rfp_enabled ? 1 : 0 }) },
  });
}
