// vitest globalSetup: gives each `vitest run` an id the test files can read with inject('testRunId'),
// so work that one run must do once across its worker processes (building the CLI that spawned-CLI
// tests run, tools/cli/src/test/built-cli.ts) is done once per run and never taken from an earlier run.
import { randomUUID } from 'node:crypto';

/** @param {import('vitest/node').TestProject} project */
export default function setup(project) {
  project.provide('testRunId', randomUUID());
}
