/** The option checks of an operator's command line (`npm run chaos`, `npm run soak`). */
export interface CliOptions {
  /** Says what is wrong and ends the command with exit code 2. */
  fail(message: string): never;
  /** `--name`'s value as an integer of at least `min`; `fallback` when it is not given. */
  integer<T extends number | undefined>(
    name: string,
    value: string | undefined,
    min: number,
    fallback: T,
  ): number | T;
}

export function cliOptions(command: string): CliOptions {
  const options: CliOptions = {
    fail(message) {
      console.error(`${command}: ${message}`);
      process.exit(2);
    },
    integer(name, value, min, fallback) {
      if (value === undefined) return fallback;
      const parsed = Number(value);
      if (!Number.isInteger(parsed) || parsed < min)
        options.fail(`--${name} must be an integer of at least ${min}`);
      return parsed;
    },
  };
  return options;
}
