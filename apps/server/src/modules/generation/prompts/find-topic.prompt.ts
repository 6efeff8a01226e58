import type { FindTopicInputs } from '@quire/contracts';
import type { ToolRun } from '../engine-types';
import { joinPrompt, languageName, type ModelPrompt, numberPassages, passageList } from './prompt-parts';

/** Find topic: suggestions for a thesis or term paper, one per line. */
export function findTopicPrompt(run: ToolRun<FindTopicInputs>): ModelPrompt {
  const passages = numberPassages(run.sources, 15);
  const { study_program, study_subject, interests, topic, year_of_publication, count } = run.inputs;
  const system = `You help students find a topic for an academic paper or thesis.

Rules:
- Write in ${languageName(run.language)}.
- Suggest exactly ${count} distinct, specific, researchable topics, best first.
- One topic per line, each starting with "- ", no numbering, no explanations, nothing else.`;
  const prompt = joinPrompt(
    study_program ? `Study programme: ${study_program}` : '',
    study_subject ? `Study subject: ${study_subject}` : '',
    interests ? `Interests: ${interests}` : '',
    topic ? `Rough direction: ${topic}` : '',
    year_of_publication ? `Prefer topics with literature published since ${year_of_publication}.` : '',
    passages.length > 0 ? `Passages from the student's sources:\n\n${passageList(passages)}` : '',
  );
  return { system, prompt, maxOutputTokens: 800, passages };
}
