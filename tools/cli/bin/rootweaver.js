#!/usr/bin/env node
// The `rootweaver` command. A committed file (not dist/main.js itself) so that package managers can link the
// command before the first build; it runs the built CLI.
import('../dist/main.js').catch((error) => {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist/main.js')) {
    process.stderr.write(
      'rootweaver: the CLI is not built yet; run `pnpm build` in the rootweaver checkout.\n',
    );
    process.exit(1);
  }
  throw error;
});
