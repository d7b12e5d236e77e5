// Defect: the token is taken with header.split(' ')[1].trim(); a header with no
// space ("Bearer", or a bare token) makes that undefined -> TypeError -> 500
// instead of 401.
import { makeStart } from './_base.mjs';
export default makeStart({
  authenticate(req, state) {
    const h = req.headers['authorization'];
    if (!h) return null;
    const [scheme] = h.split(' ');
    const token = h.split(' ')[1].trim();
    if (scheme.toLowerCase() !== 'bearer') return null;
    return state.tenants.find((t) => t.token === token) || null;
  },
});
