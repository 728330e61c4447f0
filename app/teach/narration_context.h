// What the narration of one round reads from, and the phrases every algorithm's narration shares
// (app/teach/algorithms/<name>.cpp holds each algorithm's own story).
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "core/analysis.h"
#include "core/trace.h"
#include "teach/narration.h"
#include "teach/narration_text.h"

namespace scanviz::teach {

// Every read of what a trace or its analysis holds goes through At. A narration indexes by the
// positions the recorded actions name and by the rounds before the current one; in a trace that
// contradicts itself (a loaded file may) those can be anywhere, and a miss must end the round's
// narration with a message, never read past an array. NarrateRound catches the exception.
template <class V>
const typename V::value_type& At(const V& v, int i) {
  if (i < 0 || i >= static_cast<int>(v.size())) {
    throw std::out_of_range("position " + std::to_string(i) + " of an array of " +
                            std::to_string(v.size()));
  }
  return v[static_cast<size_t>(i)];
}

// What the narration of one round reads from: the round, the one before it, and their analysis.
struct Context {
  const Trace& trace;
  const TraceAnalysis& analysis;
  int round;
  const TraceMeta& meta() const { return trace.meta; }
  const Round& now() const { return At(trace.rounds, round); }
  const Round& before() const { return At(trace.rounds, round - 1); }
  const RoundInfo& info() const { return At(analysis.rounds, round); }
  const RoundSpec& spec() const { return now().spec; }
  const char* Sum() const { return text::Aggregate(meta().op); }
  std::string V(double v) const { return text::Value(meta(), v); }
};

std::string Num(int v);
// "adds the value 2 places to its left to its own" and the like, singular or plural.
std::string CombineWithLeft(OpKind op, int stride, bool one);
std::string IsAre(int lo, int hi);
std::string Ratio(int work, int sequential);
// The int32 wrap-around of this round, if the analysis found its first one here.
std::string OverflowNote(const Context& c);
// For a non-commutative operator, why each combination puts its operands in the kernel's order.
// `order` names the two operands, the earlier inputs first. Empty for the commutative ones.
std::string OperandOrderNote(const Context& c, const std::string& order);
// "Threads 0 to 3 are active, half as many as in the round before".
std::string ActiveThreads(const Context& c);
// Positions the round's actions wrote in array `array`, in thread order.
std::vector<int> WrittenPositions(const Context& c, int array);

}  // namespace scanviz::teach
