/** Before any test file: the bundle the matrix starts the CLI from. */
import { buildBundles } from './cli-bundle.js';

export default async function setup(): Promise<void> {
  await buildBundles();
}
