// Defect: the router looks the handler up in routes[path][method] and calls it
// without checking it exists; DELETE/PUT/PATCH on a known path call undefined
// -> TypeError -> 500 instead of 405.
import { makeStart, HttpError } from './_base.mjs';
const routes = {
  '/user_banks': { GET: 'listBanks', HEAD: 'listBanks', POST: 'createBank' },
  '/rfp_registrations': { GET: 'listRfp', HEAD: 'listRfp' },
};
export default makeStart({
  route(method, path, app) {
    let table = routes[path];
    let params = {};
    const m = /^\/users\/([^/]+)$/.exec(path);
    if (!table && m) {
      table = { GET: 'getUser', HEAD: 'getUser' };
      params = { user_id: app.decodeSegment(m[1]) };
    }
    if (!table) throw new HttpError(404, 'not_found', 'no such resource');
    return { name: table[method], params };
  },
});
