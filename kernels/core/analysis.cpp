#include "core/analysis.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <sstream>
#include <thread>

#include "core/registry.h"
#include "core/schedule.h"
#include "core/simulator.h"
#include "core/window_folder.h"

namespace scanviz {
namespace {

constexpr int kMaxReportedViolations = 20;

// Equal, or both NaN (a float32 sum that met inf and -inf is NaN in every round after).
bool SameValue(double a, double b) {
  return a == b || (std::isnan(a) && std::isnan(b));
}

// "load input[7] -> buf[2], buf[3]": an action as a violation names it.
std::string Describe(const Trace& trace, const ThreadAction& a) {
  if (a.kind == ActionKind::kIdle) return "nothing";
  auto cell = [&](int array, int pos) {
    const std::string name = array == kInputArray      ? std::string("input")
                             : array == kReservedArray ? std::string("reserved")
                             : array >= 0 && array < static_cast<int>(trace.arrays.size())
                                 ? trace.arrays[static_cast<size_t>(array)].name
                                 : std::string("?");
    return name + "[" + std::to_string(pos) + "]";
  };
  std::string out = ToString(a.kind);
  for (int k = 0; k < 2; ++k)
    if (a.read[k] >= 0) out += (k == 0 ? " " : ", ") + cell(a.read_array[k], a.read[k]);
  out += " ->";
  for (int k = 0; k < 2; ++k)
    if (a.write[k] >= 0) out += (k == 0 ? " " : ", ") + cell(a.write_array[k], a.write[k]);
  return out;
}

}  // namespace

BoxStyle StyleOf(CellClass c) {
  switch (c) {
    case CellClass::kUndefined:
    // The seed places the identity as the input row places its values, with no operator: a
    // plain outline. The chapter keeps dashed for "computed by add" and solid for swap-and-add.
    case CellClass::kSeeded:
      return BoxStyle::kNone;
    case CellClass::kUnchanged:
      return BoxStyle::kDotted;
    case CellClass::kLoaded:
    case CellClass::kCopied:
    case CellClass::kAdded:
      return BoxStyle::kDashed;
    case CellClass::kComputed:
    case CellClass::kSwapAdded:
      return BoxStyle::kSolid;
  }
  return BoxStyle::kNone;
}

const char* ToString(CellClass c) {
  constexpr const char* kNames[] = {"undefined", "unchanged", "loaded", "copied",
                                    "computed",  "add",       "seed",   "swap-and-add"};
  return kNames[static_cast<int>(c)];
}

std::string ShortLabel(CellClass c, OpKind op) {
  constexpr const char* kOps[] = {"+", "mx", "mn", "ls"};
  const std::string applied = kOps[static_cast<int>(op)];
  switch (c) {
    case CellClass::kUndefined:
      return "?";
    case CellClass::kUnchanged:
      return ".";
    case CellClass::kLoaded:
      return "ld";
    case CellClass::kCopied:
      return "cp";
    case CellClass::kComputed:
    case CellClass::kAdded:
      return applied;
    case CellClass::kSeeded:
      return "id";
    case CellClass::kSwapAdded:
      return "sw" + applied;
  }
  return "?";
}

Window ExpectedWindow(const Trace& trace, int round, int array, int pos) {
  const Round& r = trace.rounds.at(static_cast<size_t>(round));
  if (!r.defined.at(static_cast<size_t>(array)).at(static_cast<size_t>(pos))) return Window{};
  return Info(trace.meta.algorithm).window(trace, round, array, pos);
}

double FoldWindow(const Trace& trace, const Window& w) {
  return DispatchOp(trace.meta.op, trace.meta.type, [&](auto op) {
    using T = typename decltype(op)::Value;
    T acc = decltype(op)::Identity();
    for (int i = w.lo; i <= w.hi; ++i) {
      const T x = i < trace.meta.n ? static_cast<T>(trace.input[i]) : decltype(op)::Identity();
      acc = op(acc, x);
    }
    return static_cast<double>(acc);
  });
}

std::vector<double> SequentialScan(const TraceMeta& meta, const std::vector<double>& input,
                                   bool inclusive) {
  return DispatchOp(meta.op, meta.type, [&](auto op) {
    using T = typename decltype(op)::Value;
    std::vector<double> out(input.size());
    T acc = decltype(op)::Identity();
    for (size_t i = 0; i < input.size(); ++i) {
      if (!inclusive) out[i] = static_cast<double>(acc);
      acc = op(acc, static_cast<T>(input[i]));
      if (inclusive) out[i] = static_cast<double>(acc);
    }
    return out;
  });
}

namespace {

// Self-check failures as the analysis reports them: the first kMaxReportedViolations messages,
// and how many there were.
struct ViolationLog {
  std::vector<std::string> violations;
  int count = 0;
  void Violate(const std::string& message) {
    if (++count <= kMaxReportedViolations) violations.push_back(message);
  }
  // A later round's failures after these, as a single pass would have found them.
  void Append(const ViolationLog& later) {
    for (const std::string& message : later.violations) Violate(message);
    count += later.count - static_cast<int>(later.violations.size());
  }
};

// What one round's checks found: its violations and the first int32 sum in it that wrapped.
// Rounds are checked independently (each against the input and its own predecessor), so that a
// long trace spreads over the cores; Analyze merges them in round order, as a single pass would
// have found them.
struct RoundLog : ViolationLog {
  std::optional<Overflow> overflow;
};

std::string RoundName(size_t ri) {
  return "round " + std::to_string(ri);
}

// The round's spec against the driver's schedule, said in the terms that differ: the phase and
// stride, else the buffers, else the barrier.
void CheckSpec(const Trace& trace, size_t ri, const RoundSpec& want, RoundLog& log) {
  const RoundSpec& is = trace.rounds[ri].spec;
  if (is.phase == want.phase && is.stride == want.stride && is.pin == want.pin &&
      is.pout == want.pout && is.level == want.level)
    return;
  const int array_count = static_cast<int>(trace.arrays.size());
  auto describe = [&](const RoundSpec& r) {
    std::string d = std::string(PhaseName(trace.meta.algorithm, r.phase)) + " stride " +
                    std::to_string(r.stride);
    if (is.phase == want.phase && is.stride == want.stride) {
      auto name = [&](int a) {
        return a == kInputArray            ? std::string("the input")
               : a >= 0 && a < array_count ? trace.arrays[static_cast<size_t>(a)].name
                                           : "array " + std::to_string(a);
      };
      d += " reading " + name(r.pin) + ", writing " + name(r.pout) + ", ending at a " +
           ToString(r.level) + " barrier";
    }
    return d;
  };
  log.Violate(RoundName(ri) + ": is " + describe(is) + ", expected " + describe(want));
}

// Every cell as the round found it: unchanged where defined, else undefined, and whether it is
// padding.
void ClassifyCells(const Trace& trace, const Round& round, RoundInfo& info) {
  info.cells.resize(trace.arrays.size());
  for (size_t a = 0; a < trace.arrays.size(); ++a) {
    const ArrayDesc& desc = trace.arrays[a];
    std::vector<CellInfo>& cells = info.cells[a];
    cells.assign(static_cast<size_t>(desc.size), CellInfo{});
    for (int i = 0; i < desc.size; ++i) {
      CellInfo& c = cells[static_cast<size_t>(i)];
      c.cls =
          round.defined[a][static_cast<size_t>(i)] ? CellClass::kUnchanged : CellClass::kUndefined;
      c.padding = i >= desc.real;
    }
  }
}

// The round's actions: each against the algorithm's own step (the replay), counted (active
// threads, operator applications), and what each wrote, classed, with one writer to a cell.
void RecordActions(const Trace& trace, size_t ri, const std::optional<Trace>& replay,
                   RoundInfo& info, RoundLog& log) {
  const AlgorithmInfo& algorithm = Info(trace.meta.algorithm);
  const int array_count = static_cast<int>(trace.arrays.size());
  const Round& round = trace.rounds[ri];
  const std::string where = RoundName(ri);
  const Round* expected = replay ? &replay->rounds[ri] : nullptr;
  if (expected != nullptr && expected->actions.size() != round.actions.size()) {
    log.Violate(where + ": " + std::to_string(round.actions.size()) +
                " threads, the algorithm has " + std::to_string(expected->actions.size()));
    expected = nullptr;
  }
  for (int tid = 0; tid < static_cast<int>(round.actions.size()); ++tid) {
    const ThreadAction& a = round.actions[static_cast<size_t>(tid)];
    if (expected != nullptr && !SameAction(a, expected->actions[static_cast<size_t>(tid)])) {
      log.Violate(where + ": thread " + std::to_string(tid) + " recorded " + Describe(trace, a) +
                  ", but the algorithm's step does " +
                  Describe(trace, expected->actions[static_cast<size_t>(tid)]));
    }
    if (a.kind == ActionKind::kIdle) continue;
    ++info.active_threads;
    info.operator_applications += OperatorApplications(a.kind);
    for (int k = 0; k < 2; ++k) {
      const int w = a.write[k], array = a.write_array[k];
      if (w < 0) continue;
      if (array < 0 || array >= array_count || w >= trace.arrays[static_cast<size_t>(array)].size) {
        log.Violate(where + ": thread " + std::to_string(tid) + " wrote outside its arrays");
        continue;
      }
      CellInfo& c = info.cells[static_cast<size_t>(array)][static_cast<size_t>(w)];
      if (c.writer >= 0) {
        log.Violate(where + ": threads " + std::to_string(c.writer) + " and " +
                    std::to_string(tid) + " both wrote " +
                    trace.arrays[static_cast<size_t>(array)].name + "[" + std::to_string(w) + "]");
      }
      c.writer = tid;
      c.cls = algorithm.cell_class(a.kind);
    }
  }
}

// Hillis-Steele's Case 1/2/3 of each position of the array the round writes, where the registry
// has cases and some position is not case 0.
void FindCellCases(const Trace& trace, const Round& round, RoundInfo& info) {
  const AlgorithmInfo& algorithm = Info(trace.meta.algorithm);
  const int pout = round.spec.pout;
  if (algorithm.cell_case == nullptr || pout < 0 || pout >= static_cast<int>(trace.arrays.size()))
    return;
  const int size = trace.arrays[static_cast<size_t>(pout)].size;
  std::vector<int> cases(static_cast<size_t>(size));
  bool any = false;
  for (int i = 0; i < size; ++i) {
    cases[static_cast<size_t>(i)] = algorithm.cell_case(trace.meta, round.spec, i);
    any = any || cases[static_cast<size_t>(i)] != 0;
  }
  if (any) info.hs_case = std::move(cases);
}

// "round 3 buf[1][5] = 9, but its window [0..5] combines to 10": a cell that does not hold its
// window's combination.
std::string WrongValue(const std::string& cell, ElementType type, double stored,
                       const CellInfo& c) {
  std::ostringstream msg;
  msg << cell << " = " << FormatValue(type, stored) << ", but its window ";
  if (!c.window.valid)
    msg << "is unknown";
  else if (c.window.Empty())
    msg << "(empty) is the identity " << FormatValue(type, c.expected);
  else
    msg << "[" << c.window.lo << ".." << c.window.hi << "] combines to "
        << FormatValue(type, c.expected);
  return msg.str();
}

// The invariant: every defined cell holds the combination of its window. Cells no thread
// wrote this round must also still hold last round's value.
void CheckCells(const Trace& trace, size_t ri, const WindowFolder& folder, RoundInfo& info,
                RoundLog& log) {
  const TraceMeta& meta = trace.meta;
  const Round& round = trace.rounds[ri];
  const Round* before = ri > 0 ? &trace.rounds[ri - 1] : nullptr;
  const std::string where = RoundName(ri);
  const bool float_add = meta.type == ElementType::kFloat32 && meta.op == OpKind::kAdd;
  for (size_t b = 0; b < trace.arrays.size(); ++b) {
    const std::string& name = trace.arrays[b].name;
    for (int i = 0; i < trace.arrays[b].size; ++i) {
      CellInfo& c = info.cells[b][static_cast<size_t>(i)];
      if (c.cls == CellClass::kUndefined) continue;
      c.window = ExpectedWindow(trace, static_cast<int>(ri), static_cast<int>(b), i);
      const double stored = round.buffers[b][static_cast<size_t>(i)];
      c.expected = folder.Fold(c.window);
      // Only a float32 sum is compared with a tolerance; everything else must be the fold itself.
      c.ok =
          c.window.valid && (float_add ? folder.Matches(c.window, stored) : stored == c.expected);
      auto cell = [&] { return where + " " + name + "[" + std::to_string(i) + "]"; };
      if (!c.ok) log.Violate(WrongValue(cell(), meta.type, stored, c));
      if (c.cls == CellClass::kUnchanged && before != nullptr &&
          before->defined[b][static_cast<size_t>(i)] &&
          !SameValue(before->buffers[b][static_cast<size_t>(i)], stored)) {
        log.Violate(cell() + " changed, but no thread recorded a write to it");
      }
      // Where an int32 sum wrapped: the cell holds its window's sum modulo 2^32, and the exact
      // sum differs (a cell that is simply wrong, as in a mistake's run, did not wrap).
      if (!log.overflow && c.ok && meta.type == ElementType::kInt32 && meta.op == OpKind::kAdd) {
        const long long exact = folder.ExactSum(c.window);
        if (static_cast<double>(exact) != stored)
          log.overflow = Overflow{static_cast<int>(ri), static_cast<int>(b), i, exact, stored};
      }
    }
  }
}

// One round: its spec against the schedule, its actions against the replay, its cells classed
// and checked against their windows.
void AnalyzeRound(const Trace& trace, size_t ri, const std::vector<RoundSpec>& schedule,
                  const std::optional<Trace>& replay, const WindowFolder& folder, RoundInfo& info,
                  RoundLog& log) {
  const Round& round = trace.rounds[ri];
  if (ri < schedule.size()) CheckSpec(trace, ri, schedule[ri], log);
  ClassifyCells(trace, round, info);
  RecordActions(trace, ri, replay, info, log);
  FindCellCases(trace, round, info);
  CheckCells(trace, ri, folder, info, log);
}

// What the algorithm's steps do in each round: the driver replayed on the simulator. Actions do
// not depend on the values, so a recorded action that differs (a load that writes two cells, a
// thread working on the wrong node) did not come from this algorithm. A mistakes-lab run is
// replayed with its mistake: its threads do what the broken kernel's do; what it gets wrong
// shows in the values. Nothing for a request that cannot run.
std::optional<Trace> Replay(const Trace& trace) {
  const TraceMeta& meta = trace.meta;
  const ScanRequest request{meta.algorithm, meta.op,        meta.type,
                            trace.input,    meta.converted, meta.mistake};
  if (!ValidateRequest(request).empty() || static_cast<int>(trace.input.size()) != meta.n)
    return std::nullopt;
  return Simulate(request);
}

// The rounds, checked independently: on a second core too when there are enough cells to pay
// for a thread (n = 1024 has 10 to 20 thousand; an edit in the app waits for this).
std::vector<RoundLog> AnalyzeRounds(const Trace& trace, const std::vector<RoundSpec>& schedule,
                                    const std::optional<Trace>& replay, const WindowFolder& folder,
                                    std::vector<RoundInfo>& infos) {
  const size_t rounds = trace.rounds.size();
  infos.resize(rounds);
  std::vector<RoundLog> logs(rounds);
  size_t cells = 0;
  for (const ArrayDesc& a : trace.arrays) cells += static_cast<size_t>(std::max(a.size, 0));
  cells *= rounds;
  const size_t workers =
      cells >= 8192
          ? std::min<size_t>({2, std::max(1u, std::thread::hardware_concurrency()), rounds})
          : 1;
  auto run = [&](size_t first) {
    for (size_t ri = first; ri < rounds; ri += workers)
      AnalyzeRound(trace, ri, schedule, replay, folder, infos[ri], logs[ri]);
  };
  if (workers > 1) {
    std::thread helper(run, 1);
    run(0);
    helper.join();
  } else {
    run(0);
  }
  return logs;
}

// In round order: the counts that run on (work, depth), the violations, the first wrap.
void MergeRounds(const Trace& trace, const std::vector<RoundLog>& logs, TraceAnalysis& result,
                 ViolationLog& log) {
  for (size_t ri = 0; ri < logs.size(); ++ri) {
    RoundInfo& info = result.rounds[ri];
    result.work += info.operator_applications;
    if (info.operator_applications > 0) ++result.depth;
    if (trace.rounds[ri].spec.level >= Level::kBlock) ++result.barriers;
    info.cumulative_work = result.work;
    info.depth = result.depth;
    log.Append(logs[ri]);
    if (!result.overflow && logs[ri].overflow) result.overflow = logs[ri].overflow;
  }
}

// The result against the sequential scan of the input.
void CheckResult(const Trace& trace, const WindowFolder& folder, ViolationLog& log) {
  const TraceMeta& meta = trace.meta;
  const std::vector<double> got = trace.Result();
  const std::vector<double> want = SequentialScan(meta, trace.input, trace.Inclusive());
  for (size_t i = 0; i < want.size() && i < got.size(); ++i) {
    const Window w = trace.Inclusive() ? Window{0, static_cast<int>(i), true}
                                       : Window{0, static_cast<int>(i) - 1, true};
    const bool same = meta.type == ElementType::kFloat32 && meta.op == OpKind::kAdd
                          ? folder.Matches(w, got[i])
                          : got[i] == want[i];
    if (!same) {
      log.Violate("result[" + std::to_string(i) + "] = " + FormatValue(meta.type, got[i]) +
                  ", the sequential scan gives " + FormatValue(meta.type, want[i]));
    }
  }
}

}  // namespace

TraceAnalysis Analyze(const Trace& trace) {
  TraceAnalysis result;
  const TraceMeta& meta = trace.meta;
  ViolationLog log;
  const std::vector<RoundSpec> schedule =
      RoundSchedule(meta.algorithm, meta.n, meta.converted, meta.mistake);
  const bool scheduled = trace.rounds.size() == schedule.size();
  if (!scheduled) {
    log.Violate("the trace has " + std::to_string(trace.rounds.size()) + " rounds; a " +
                DisplayName(meta.algorithm) + " scan of " + std::to_string(meta.n) +
                " elements has " + std::to_string(schedule.size()));
  }
  const std::optional<Trace> replay = scheduled ? Replay(trace) : std::nullopt;
  const WindowFolder folder(trace);
  const std::vector<RoundLog> logs = AnalyzeRounds(trace, schedule, replay, folder, result.rounds);
  MergeRounds(trace, logs, result, log);
  if (!trace.rounds.empty() && log.count == 0) CheckResult(trace, folder, log);
  result.violations = std::move(log.violations);
  if (log.count > kMaxReportedViolations) {
    result.violations.push_back("... and " + std::to_string(log.count - kMaxReportedViolations) +
                                " more");
  }
  return result;
}

}  // namespace scanviz
