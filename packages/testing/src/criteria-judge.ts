import { type CompletionRequest, type CompletionResponse, emptyUsage } from '@skill-eval/core';

/** A judge (structurally `@skill-eval/grading`'s Judge) and the requests it received. */
export interface CriteriaJudge {
  judge: { engine: string; model: string; complete(request: CompletionRequest): Promise<CompletionResponse> };
  requests: CompletionRequest[];
}

/**
 * An in-process judge for grading tests: reads the criteria and the final answer out of the judge
 * prompt and passes each criterion for which `passes(criterion)` holds, quoting the final answer as evidence.
 */
export function criteriaJudge(passes: (criterion: string) => boolean): CriteriaJudge {
  const requests: CompletionRequest[] = [];
  const judge = {
    engine: 'fake-judge',
    model: 'judge-model',
    async complete(request: CompletionRequest): Promise<CompletionResponse> {
      requests.push(request);
      const text = request.messages[0]?.content ?? '';
      const criteria = [...text.matchAll(/<criterion id="\d+">\n([\s\S]*?)\n<\/criterion>/g)].map((m) => m[1]!);
      const answer = /<final_answer>\n([\s\S]*?)\n<\/final_answer>/.exec(text)?.[1] ?? '';
      const verdicts = criteria.map((criterion, i) => ({
        id: i + 1,
        passed: passes(criterion),
        evidence: answer,
        reasoning: 'scripted',
      }));
      return { text: JSON.stringify({ criteria: verdicts }), model: 'judge-model', usage: emptyUsage() };
    },
  };
  return { judge, requests };
}
