export interface SuiteOptions {
  /** Measured seconds of each autocannon run. */
  durationS: number;
  warmupS: number;
  connections: number;
  /** The command line that reruns this suite, for the results files. */
  command: string;
}

export interface SuiteOutcome {
  /** A few lines for the summary in bench/README.md. */
  summary: string[];
  /** Problems worth a reader's attention (failed assertions, errors under load). */
  problems: string[];
}

export interface Suite {
  name: string;
  description: string;
  run(options: SuiteOptions): Promise<SuiteOutcome>;
}
