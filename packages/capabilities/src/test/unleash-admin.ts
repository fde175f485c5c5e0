/** The strategy body of Unleash's admin API (a subset). */
export interface AdminStrategy {
  readonly name: string;
  readonly parameters?: Readonly<Record<string, string>>;
  readonly constraints?: readonly {
    readonly contextName: string;
    readonly operator: string;
    readonly values?: readonly string[];
  }[];
  readonly variants?: readonly {
    readonly name: string;
    readonly weight: number;
    readonly weightType: 'variable' | 'fix';
    readonly stickiness: string;
  }[];
}

/**
 * A small client for Unleash's admin API, enough for tests and scripts to define the capability's flags:
 * create a flag, replace its strategies in an environment, switch it on or off.
 */
export class UnleashAdmin {
  private readonly baseUrl: string;
  private readonly token: string;
  readonly project: string;
  readonly environment: string;

  constructor(options: { baseUrl: string; adminToken: string; project?: string; environment?: string }) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.token = options.adminToken;
    this.project = options.project ?? 'default';
    this.environment = options.environment ?? 'development';
  }

  /** Creates the flag when it does not exist yet. */
  async ensureFlag(name: string, type: 'release' | 'experiment' = 'release'): Promise<void> {
    const existing = await this.call(
      'GET',
      `/api/admin/projects/${this.project}/features/${name}`,
      undefined,
      [200, 404],
    );
    if (existing.status === 200) return;
    await this.call('POST', `/api/admin/projects/${this.project}/features`, {
      name,
      type,
      impressionData: false,
    });
  }

  /** Replaces all strategies of the flag in the environment by `strategies`. */
  async setStrategies(name: string, strategies: readonly AdminStrategy[]): Promise<void> {
    const path = `/api/admin/projects/${this.project}/features/${name}/environments/${this.environment}/strategies`;
    const current = (await (await this.call('GET', path)).json()) as { id: string }[];
    for (const strategy of current) await this.call('DELETE', `${path}/${strategy.id}`);
    for (const strategy of strategies) {
      await this.call('POST', path, { constraints: [], parameters: {}, ...strategy });
    }
  }

  async setEnabled(name: string, enabled: boolean): Promise<void> {
    await this.call(
      'POST',
      `/api/admin/projects/${this.project}/features/${name}/environments/${this.environment}/${enabled ? 'on' : 'off'}`,
    );
  }

  /** A flag rolled out to `percent` of users (sticky by user id), optionally with strategy variants. */
  static rollout(name: string, percent: number, variants?: AdminStrategy['variants']): AdminStrategy {
    return {
      name: 'flexibleRollout',
      parameters: { rollout: String(percent), stickiness: 'default', groupId: name },
      constraints: [],
      ...(variants === undefined ? {} : { variants }),
    };
  }

  private async call(
    method: string,
    path: string,
    body?: unknown,
    accept: readonly number[] = [200, 201, 202, 204],
  ): Promise<Response> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { Authorization: this.token, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!accept.includes(response.status)) {
      throw new Error(
        `Unleash admin ${method} ${path} answered ${response.status}: ${await response.text()}`,
      );
    }
    return response;
  }
}
