// Fuzz target: a session file (.scanviz, app/state/session.cpp's ParseSession, which the app's Open
// dialog, a dropped file and `scanviz FILE` read through, after LoadSession's size limit).
//
// Beyond "no crash": a rejected file has an error message; an accepted session is usable (its
// input parses as its type, every enum names itself, the round and figure scale in range, an
// embedded trace of the session's algorithm), and writing it (SessionToJson) and reading that back
// gives the same session: a file the app wrote itself always opens again (version 3's fields, the
// generator of a random input among them).
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/input.h"
#include "core/trace_io.h"
#include "fuzz/fuzz_check.h"
#include "state/session.h"

namespace scanviz::fuzz {
namespace {

constexpr const char* kTarget = "fuzz_session";

std::string FirstDifference(const Session& a, const Session& b) {
  if (a.input != b.input) return "input";
  if (a.type != b.type) return "type";
  if (a.op != b.op) return "op";
  if (a.convert != b.convert) return "convert";
  if (a.algorithm != b.algorithm) return "algorithm";
  if (a.round != b.round) return "round";
  if (a.seed != b.seed) return "seed";
  if (a.side_by_side != b.side_by_side || a.left != b.left || a.right != b.right)
    return "side by side";
  if (a.only_current != b.only_current || a.color_by_case != b.color_by_case) return "toggles";
  if (a.theme != b.theme) return "theme";
  if (a.panel != b.panel) return "panel";
  if (a.figure_scale != b.figure_scale) return "figure_scale";
  if (a.left_round != b.left_round || a.right_round != b.right_round) return "panes' rounds";
  if (a.player_rounds != b.player_rounds) return "players' rounds";
  if (a.left_fold != b.left_fold || a.right_fold != b.right_fold) return "folds";
  if (a.pseudo_code != b.pseudo_code || a.lanes_log2 != b.lanes_log2 ||
      a.bank_padding != b.bank_padding || a.mistake != b.mistake)
    return "panels' options";
  if (a.benchmark != b.benchmark || a.bench_float != b.bench_float ||
      a.bench_exclusive != b.bench_exclusive || a.bench_pct != b.bench_pct ||
      a.bench_toggled != b.bench_toggled)
    return "benchmark";
  if (a.quiz != b.quiz || a.quiz_set != b.quiz_set || a.quiz_question != b.quiz_question)
    return "quiz";
  if (a.random.has_value() != b.random.has_value()) return "random present";
  if (a.random && (a.random->n != b.random->n || a.random->seed != b.random->seed ||
                   a.random->head != b.random->head || a.random->check != b.random->check))
    return "random";
  if (a.trace.has_value() != b.trace.has_value()) return "trace present";
  if (a.trace && TraceToJson(*a.trace) != TraceToJson(*b.trace)) return "trace";
  if (a.trace && a.trace_origin != b.trace_origin) return "trace_origin";
  return {};
}

void CheckUsable(const Session& s) {
  if (!ParseValues(s.input, s.type, kMaxGridElements).Ok())
    Fail(kTarget, "the input does not parse as its type");
  if (s.round < -1) Fail(kTarget, "round below -1");
  if (!(s.figure_scale >= 0.5f && s.figure_scale <= 4.0f))
    Fail(kTarget, "figure scale out of range");
  Session parsed;
  if (!Parse(ToString(s.algorithm), &parsed.algorithm) || !Parse(ToString(s.op), &parsed.op) ||
      !Parse(ToString(s.type), &parsed.type) || !Parse(ToString(s.panel), &parsed.panel) ||
      !Parse(ToString(s.left), &parsed.left) || !Parse(ToString(s.right), &parsed.right) ||
      !scene::Parse(scene::ToString(s.theme), &parsed.theme))
    Fail(kTarget, "an enum field does not read back its own name");
  if (s.trace && s.trace->meta.algorithm != s.algorithm)
    Fail(kTarget, "the embedded trace is not the session's algorithm");
}

}  // namespace
}  // namespace scanviz::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace scanviz;
  const std::string text(reinterpret_cast<const char*>(data), size);
  const SessionLoad first = ParseSession(text);
  if (!first.session) {
    if (first.error.empty()) fuzz::Fail(fuzz::kTarget, "a rejected session without a message");
    return 0;
  }
  fuzz::CheckUsable(*first.session);
  const std::string saved = SessionToJson(*first.session);
  const SessionLoad again = ParseSession(saved);
  if (!again.session)
    fuzz::Fail(fuzz::kTarget, "reading back what SessionToJson wrote fails: " + again.error +
                                  "\n--- written:\n" + saved.substr(0, 2000));
  const std::string difference = fuzz::FirstDifference(*first.session, *again.session);
  if (!difference.empty()) fuzz::Fail(fuzz::kTarget, "the round trip changed '" + difference + "'");
  return 0;
}
