// Conformant server: the base application with no defect.
import { makeStart } from './_base.mjs';
export default makeStart();
