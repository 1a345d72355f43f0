// How hard a password is to guess, 0 (very weak) to 4 (very strong), by zxcvbn-ts. Its dictionaries are large, so
// they load on first use (a chunk of their own), never with the app's main bundle.
export type StrengthScore = 0 | 1 | 2 | 3 | 4;

type Scorer = (password: string, userInputs: string[]) => StrengthScore;

let scorer: Promise<Scorer> | null = null;

async function loadScorer(): Promise<Scorer> {
  const [{ ZxcvbnFactory }, common, en] = await Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    import("@zxcvbn-ts/language-en"),
  ]);
  const factory = new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
  return (password, userInputs) => factory.check(password, userInputs).score;
}

/** Scores a password; `userInputs` (the username…) count as guessable words. The first call loads the library. */
export async function passwordStrength(password: string, userInputs: string[] = []): Promise<StrengthScore> {
  scorer ??= loadScorer();
  return (await scorer)(password, userInputs);
}
