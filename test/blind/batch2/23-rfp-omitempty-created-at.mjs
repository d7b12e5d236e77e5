// 23-rfp-omitempty-created-at
// Defect: Pending RfP registrations have no created_at: a Go-style omitempty drops the zero timestamp from the JSON.
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({
    faults: {
      rfpView: (v) => {
        if (v.status === 'pending') {
          const { created_at, ...rest } = v;
          return rest;
        }
        return v;
      },
    },
  });
}
