#!/usr/bin/env node
// The package's command: runs the TypeScript CLI through tsx, so there is no build step to forget.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
