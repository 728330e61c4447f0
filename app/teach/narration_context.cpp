#include "teach/narration_context.h"

#include <cstdio>
#include <optional>

#include "teach/pseudo_code.h"

namespace scanviz::teach {

using text::Range;

std::string Num(int v) {
  return std::to_string(v);
}

std::string CombineWithLeft(OpKind op, int stride, bool one) {
  const std::string left =
      "the value " + text::Places(stride) + " to " + (one ? "its" : "their") + " left";
  switch (op) {
    case OpKind::kMax:
      return std::string(one ? "keeps" : "keep") + " the larger of " + (one ? "its" : "their") +
             " own value and " + left;
    case OpKind::kMin:
      return std::string(one ? "keeps" : "keep") + " the smaller of " + (one ? "its" : "their") +
             " own value and " + left;
    case OpKind::kLast:
      return std::string(one ? "keeps" : "keep") + " " + (one ? "its" : "their") +
             " own value if it is not zero, else " + (one ? "takes " : "take ") + left;
    case OpKind::kAdd:
      break;
  }
  return std::string(one ? "adds " : "add ") + left + " to " + (one ? "its" : "their") + " own";
}

std::string IsAre(int lo, int hi) {
  return lo == hi ? " is" : " are";
}

std::string Ratio(int work, int sequential) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", static_cast<double>(work) / sequential);
  return buf;
}

std::string OverflowNote(const Context& c) {
  const std::optional<Overflow>& o = c.analysis.overflow;
  if (!o || o->round != c.round) return {};
  return "Note: position " + Num(o->position) + " of " +
         c.trace.arrays[static_cast<size_t>(o->buffer)].name + " wrapped around: its exact sum, " +
         std::to_string(o->exact) + ", does not fit in an int32, so the cell holds " +
         c.V(o->stored) + " (the numerics panel lists every wrapped cell).";
}

std::string OperandOrderNote(const Context& c, const std::string& order) {
  if (c.meta().op != OpKind::kLast) return {};
  return "Operand order matters with last: it is not commutative. last(a, b) keeps b unless b is "
         "0, so a combination must put the operand that covers earlier inputs first: " +
         order +
         ". Written the other way round it would keep an earlier value over a later one, a "
         "mistake that add, max and min can never show because their order does not matter.";
}

std::string ActiveThreads(const Context& c) {
  const int active = c.info().active_threads;
  // The threads that acted, from the trace (a warp-shuffle round's are the lanes with a partner,
  // not threads 0 up).
  std::vector<int> threads;
  const std::vector<ThreadAction>& actions = c.now().actions;
  for (size_t t = 0; t < actions.size(); ++t)
    if (actions[t].kind != ActionKind::kIdle) threads.push_back(static_cast<int>(t));
  std::string out =
      text::Capital(text::Runs("thread", threads)) + (active == 1 ? " is" : " are") + " active";
  if (c.round > 1 && c.before().spec.phase == c.spec().phase) {
    const int before = At(c.analysis.rounds, c.round - 1).active_threads;
    if (active * 2 == before) out += ", half as many as in the round before";
    if (active == before * 2) out += ", twice as many as in the round before";
  }
  return out;
}

std::vector<int> WrittenPositions(const Context& c, int array) {
  std::vector<int> out;
  for (const ThreadAction& a : c.now().actions) {
    for (int k = 0; k < 2; ++k)
      if (a.write[k] >= 0 && a.write_array[k] == array) out.push_back(a.write[k]);
  }
  return out;
}

}  // namespace scanviz::teach
