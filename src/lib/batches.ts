/**
 * Asking a backend many questions in few requests: in batches of a bounded size, and ahead of time
 * when the questions are known before they are asked (the build's popular lists).
 */

/** Asks `ask` about `items` in batches of at most `size`, one batch after another; the answers in the order of the items. */
export async function inBatches<T, R>(items: readonly T[], size: number, ask: (batch: readonly T[]) => Promise<readonly R[]>): Promise<R[]> {
  const answers: R[] = [];
  for (let from = 0; from < items.length; from += size) answers.push(...(await ask(items.slice(from, from + size))));
  return answers;
}

/**
 * Answers questions from answers asked ahead: the first question asks all the `foreseen` ones at
 * once, and a question not among them is asked alone. Questions with the same `key` are asked once.
 * `ask` answers its questions in their order.
 */
export function askedAhead<Q, A>(
  foreseen: () => Promise<readonly Q[]>,
  key: (question: Q) => string,
  ask: (questions: readonly Q[]) => Promise<readonly A[]>,
): (question: Q) => Promise<A> {
  let ahead: Promise<Map<string, Promise<A>>> | undefined;
  const answered = () =>
    (ahead ??= foreseen().then((questions) => {
      const all = ask(questions);
      return new Map(
        questions.map((question, i) => {
          const answer = all.then((answers) => answers[i]!);
          // A failure surfaces where a question awaits its answer, not as an unhandled rejection of the questions nobody asked.
          answer.catch(() => undefined);
          return [key(question), answer] as const;
        }),
      );
    }));
  return async (question) => {
    const answers = await answered();
    let answer = answers.get(key(question));
    if (!answer) {
      answer = ask([question]).then(([only]) => only!);
      answers.set(key(question), answer);
    }
    return answer;
  };
}
