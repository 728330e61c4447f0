// Quiz exercise sets: the file format a teacher writes (docs/quizzes.md) and its loading. An
// exercise names a scan (algorithm, operator, type, input, conversion), which rounds to ask and
// what to ask about them; quiz.h builds its trace with the simulator and grades the answers.
// Core only: no GL, no ImGui.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/simulator.h"
#include "core/trace.h"

namespace scanviz::teach {

inline constexpr const char* kQuizSchema = "scanviz-quiz/1";
inline constexpr std::size_t kMaxQuizFileBytes = 1 << 20;
inline constexpr int kMaxExercises = 200;

// What a question asks of the cells the round writes.
enum class QuizMode : std::uint8_t {
  kValues,   // the value each cell holds after the round
  kClass,    // how each cell was written: its box class (copied, computed, add, ...)
  kThreads,  // which threads are active in the round
};
const char* ToString(QuizMode m);  // "values", "class", "threads"
bool Parse(std::string_view s, QuizMode* out);

struct Exercise {
  std::string title;  // shown above the question
  std::string note;   // optional: a sentence for the student, empty when none
  ScanRequest request;  // request.mistake: a mistake variant ("what does this race produce?")
  SimulatorOptions order;  // the simulator's thread order ("thread_order"; in-order by default)
  QuizMode mode = QuizMode::kValues;
  // The rounds asked, in order. Empty in the file's "rounds": "all" until BuildExercise resolves
  // it (every round after the load), since how many rounds there are depends on the trace.
  std::vector<int> rounds;
  bool all_rounds = false;
};

struct QuizSet {
  std::string title;
  std::string description;  // optional
  std::string path;         // the file it came from; empty for a parsed string
  std::vector<Exercise> exercises;
};

struct QuizSetLoad {
  QuizSet set;
  std::string error;  // one line: "<file>: exercises[3]: 'round' must be ..."; empty on success
  bool Ok() const { return error.empty(); }
};

// Parses a set. `name` prefixes an error ("<name>: ..."); it is also the set's path.
QuizSetLoad ParseQuizSet(std::string_view json_text, std::string_view name);
QuizSetLoad LoadQuizSet(const std::string& path);

// The sets in a folder: its *.json files, sorted by name (the shipped ones start with a number so
// they list easy to hard). Empty when the folder does not exist.
std::vector<std::string> ListQuizSets(const std::string& folder);

}  // namespace scanviz::teach
