// Defect: JSON.parse of the request body is not wrapped; a body that is not
// valid JSON raises SyntaxError, which the generic error handler turns into 500
// (as with a hand-rolled body parser instead of express.json()).
import { makeStart, readRaw, HttpError } from './_base.mjs';
export default makeStart({
  async readJson(req) {
    const ct = String(req.headers['content-type'] || '')
      .split(';')[0]
      .trim()
      .toLowerCase();
    const raw = await readRaw(req);
    if (ct !== 'application/json') throw new HttpError(415, 'unsupported_media_type', 'Content-Type must be application/json');
    return JSON.parse(raw);
  },
});
