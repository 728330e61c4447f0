#include "audit/recount.h"

#include <cstdint>
#include <limits>

namespace scanviz::audit {

double Apply(OpKind op, ElementType type, double a, double b) {
  if (type == ElementType::kInt32) {
    const auto x = static_cast<std::int32_t>(a), y = static_cast<std::int32_t>(b);
    switch (op) {
      case OpKind::kAdd:
        return static_cast<std::int32_t>(static_cast<std::uint32_t>(x) +
                                         static_cast<std::uint32_t>(y));
      case OpKind::kMax:
        return x < y ? y : x;
      case OpKind::kMin:
        return y < x ? y : x;
      case OpKind::kLast:
        return y != 0 ? y : x;
    }
  }
  const auto x = static_cast<float>(a), y = static_cast<float>(b);
  switch (op) {
    case OpKind::kAdd:
      return static_cast<double>(x + y);
    case OpKind::kMax:
      return x < y ? y : x;
    case OpKind::kMin:
      return y < x ? y : x;
    case OpKind::kLast:
      return y != 0 ? y : x;
  }
  return 0;
}

double Identity(OpKind op, ElementType type) {
  const bool i32 = type == ElementType::kInt32;
  switch (op) {
    case OpKind::kMax:
      return i32 ? -2147483648.0 : -std::numeric_limits<double>::infinity();
    case OpKind::kMin:
      return i32 ? 2147483647.0 : std::numeric_limits<double>::infinity();
    default:
      return 0;
  }
}

double Fold(OpKind op, ElementType type, const std::vector<double>& input, int lo, int hi) {
  double acc = Identity(op, type);
  for (int i = lo; i <= hi; ++i)
    if (i >= 0 && i < static_cast<int>(input.size()))
      acc = Apply(op, type, acc, input[static_cast<size_t>(i)]);
  return acc;
}

std::vector<double> SequentialScan(OpKind op, ElementType type, const std::vector<double>& input,
                                   bool inclusive) {
  std::vector<double> out;
  double acc = Identity(op, type);
  for (double x : input) {
    if (!inclusive) out.push_back(acc);
    acc = Apply(op, type, acc, x);
    if (inclusive) out.push_back(acc);
  }
  return out;
}

Win Union(const Win& a, const Win& b) {
  if (!a.valid || !b.valid) return {};
  if (a.Empty()) return b;
  if (b.Empty()) return a;
  if (a.hi + 1 == b.lo) return {a.lo, b.hi, true};
  if (b.hi + 1 == a.lo) return {b.lo, a.hi, true};
  return {};  // overlapping or apart: no window
}

namespace {

// The window an action's read k sees: its element for the input, else the cell's at round start.
Win ReadWindow(const ThreadAction& a, int k, int n, const std::vector<std::vector<Win>>& start) {
  const int p = a.read[k], array = a.read_array[k];
  if (p < 0) return {0, -1, true};
  if (array == kInputArray) return p < n ? Win{p, p, true} : Win{0, -1, true};
  if (array < 0 || array >= static_cast<int>(start.size()) ||
      p >= static_cast<int>(start[static_cast<size_t>(array)].size()))
    return {};
  return start[static_cast<size_t>(array)][static_cast<size_t>(p)];
}

void Write(std::vector<std::vector<Win>>* state, const ThreadAction& a, int k, const Win& w) {
  const int p = a.write[k], array = a.write_array[k];
  if (p < 0 || array < 0 || array >= static_cast<int>(state->size())) return;
  std::vector<Win>& cells = (*state)[static_cast<size_t>(array)];
  if (p < static_cast<int>(cells.size())) cells[static_cast<size_t>(p)] = w;
}

void Replay(const ThreadAction& a, int n, const std::vector<std::vector<Win>>& start,
            std::vector<std::vector<Win>>* state) {
  const Win r0 = ReadWindow(a, 0, n, start), r1 = ReadWindow(a, 1, n, start);
  switch (a.kind) {
    case ActionKind::kLoad:
      Write(state, a, 0,
            a.read[0] >= 0 && a.read[0] < n ? Win{a.read[0], a.read[0], true} : Win{0, -1, true});
      break;
    case ActionKind::kCopy:
      Write(state, a, 0, r0);
      break;
    case ActionKind::kSeed:
      Write(state, a, 0, Win{0, -1, true});
      break;
    case ActionKind::kAdd:
    case ActionKind::kAddInput:
      Write(state, a, 0, Union(r0, r1));
      break;
    case ActionKind::kSwapAdd:  // left <- right; right <- right . old left
      Write(state, a, 0, r1);
      Write(state, a, 1, Union(r0, r1));
      break;
    case ActionKind::kIdle:
      break;
  }
}

}  // namespace

Windows TrackWindows(const Trace& trace) {
  std::vector<std::vector<Win>> state;
  for (const ArrayDesc& d : trace.arrays) state.emplace_back(static_cast<size_t>(d.size));
  Windows out;
  for (const Round& r : trace.rounds) {
    const std::vector<std::vector<Win>> start = state;
    for (const ThreadAction& a : r.actions) Replay(a, trace.meta.n, start, &state);
    out.push_back(state);
  }
  return out;
}

std::set<int> ActiveThreads(const Round& round) {
  std::set<int> out;
  for (size_t t = 0; t < round.actions.size(); ++t)
    if (round.actions[t].kind != ActionKind::kIdle) out.insert(static_cast<int>(t));
  return out;
}

int Applications(const Round& round) {
  int count = 0;
  for (const ThreadAction& a : round.actions) {
    const ActionKind k = a.kind;
    count += k == ActionKind::kAdd || k == ActionKind::kSwapAdd || k == ActionKind::kAddInput;
  }
  return count;
}

int TotalWork(const Trace& trace) {
  int work = 0;
  for (const Round& r : trace.rounds) work += Applications(r);
  return work;
}

int OperatorRounds(const Trace& trace) {
  int rounds = 0;
  for (const Round& r : trace.rounds) rounds += Applications(r) > 0 ? 1 : 0;
  return rounds;
}

}  // namespace scanviz::audit
