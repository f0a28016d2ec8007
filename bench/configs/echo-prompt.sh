#!/bin/sh
# The trivial engine of the benchmarks: answers with the prompt it was given, after sleeping
# $SKILL_EVAL_BENCH_SLEEP seconds when that is set (the concurrency workload). When $SKILL_EVAL_BENCH_STAMPS names a
# file, it appends "start <ns>" and "end <ns>" there around the sleep (the concurrency workload's timeline run).
#   promptfoo exec:     sh echo-prompt.sh <prompt> <options-json> <context-json>   (stdout is the answer)
#   AgentV cli target:  sh echo-prompt.sh <prompt> --out <file>                     (the file is the answer)
#   skill-eval command: sh echo-prompt.sh            (prompt in $SKILL_EVAL_PROMPT; stdout is the answer)
stamp() { [ -z "$SKILL_EVAL_BENCH_STAMPS" ] || echo "$1 $(date +%s%N)" >> "$SKILL_EVAL_BENCH_STAMPS"; }
stamp start
[ -n "$SKILL_EVAL_BENCH_SLEEP" ] && sleep "$SKILL_EVAL_BENCH_SLEEP"
stamp end
prompt=${1-$SKILL_EVAL_PROMPT}
if [ "$2" = "--out" ]; then printf '%s\n' "$prompt" > "$3"; else printf '%s\n' "$prompt"; fi
