// Defect: path parameters are decoded with a bare decodeURIComponent; a
// malformed escape such as /users/%E0%A4%A or /users/%ZZ throws URIError and
// the request fails with 500.
import { makeStart } from './_base.mjs';
export default makeStart({
  decodeSegment(s) {
    return decodeURIComponent(s);
  },
});
