/** Before any test file: the bundles the matrix starts the CLI and the warm runners from. */
import { buildBundles } from './cli-bundle.js';

export default async function setup(): Promise<void> {
  await buildBundles();
}
