import type { FlagContext } from '@rootweaver/capabilities';
import {
  createFlagSource,
  multiHopFlagNames,
  readFlagSnapshot,
  UnleashFlagSource,
} from '@rootweaver/capabilities';
import { CliUsageError } from '../cli-usage-error.js';
import type { CliCommand, CliIo } from '../command.js';
import { booleanOption, parseArguments, stringOption } from '../parse-arguments.js';

const usage = `Usage: rootweaver flags [--user ID] [--tenant NAME] [--session ID] [--json]

Prints the multi-hop flag snapshot a request with this context would run with:
  ${multiHopFlagNames.enabled}
  ${multiHopFlagNames.compaction}
  ${multiHopFlagNames.planner}
Reads Unleash when UNLEASH_URL and UNLEASH_API_TOKEN are set, else configs/flags/bootstrap.json
(or ROOTWEAVER_FLAG_BOOTSTRAP), with no network.`;

export async function runFlags(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArguments('flags', args, {
    user: { type: 'string' },
    tenant: { type: 'string' },
    session: { type: 'string' },
    json: { type: 'boolean' },
  });
  if (positionals.length > 0) throw new CliUsageError(`flags: unexpected argument "${positionals[0]}".`);
  const user = stringOption(values, 'user');
  const tenant = stringOption(values, 'tenant');
  const session = stringOption(values, 'session');
  const context: FlagContext = {
    ...(user === undefined ? {} : { userId: user }),
    ...(tenant === undefined ? {} : { tenant }),
    ...(session === undefined ? {} : { sessionId: session }),
  };
  const source = createFlagSource({
    env: io.env,
    onError: (error) => io.stderr(`rootweaver: flags: ${error.message}\n`),
  });
  try {
    if (source instanceof UnleashFlagSource) await source.ready({ timeoutMs: 5000 });
    else await source.ready();
    const snapshot = readFlagSnapshot(source, context);
    const origin =
      io.env.UNLEASH_URL !== undefined && io.env.UNLEASH_API_TOKEN !== undefined ? 'unleash' : 'bootstrap';
    if (booleanOption(values, 'json')) {
      io.stdout(`${JSON.stringify({ source: origin, context, ...snapshot })}\n`);
    } else {
      io.stdout(
        [
          `flags from ${origin} for ${JSON.stringify(context)}:`,
          `  ${multiHopFlagNames.enabled}: ${snapshot.enabled ? 'on (multi-hop)' : 'off (single-pass)'}`,
          `  ${multiHopFlagNames.compaction}: ${snapshot.compaction ? 'on' : 'off'}`,
          `  ${multiHopFlagNames.planner}: ${snapshot.plannerVariantName ?? '(no variant: the YAML planner)'}`,
          '',
        ].join('\n'),
      );
    }
    return 0;
  } finally {
    await source.close();
  }
}

export const flagsCommand: CliCommand = {
  name: 'flags',
  summary: 'Show the flag snapshot a request would run with',
  usage,
  run: (args, io) => runFlags(args, io),
};
