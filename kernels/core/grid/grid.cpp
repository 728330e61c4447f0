#include "core/grid/grid.h"

#include <algorithm>
#include <cmath>

#include "core/analysis.h"
#include "core/grid/multi_block.h"
#include "core/simulator.h"
#include "core/window_folder.h"

namespace scanviz {

bool IsGridBlockAlgorithm(Algorithm a) {
  const std::span<const AlgorithmInfo* const> all = Algorithms();
  return std::any_of(all.begin(), all.end(),
                     [a](const AlgorithmInfo* info) { return info->id == a; });
}

std::string GridBlockAlgorithmKeys() {
  return AlgorithmKeys();
}

std::string ValidateGridRequest(const GridRequest& request) {
  if (!IsGridBlockAlgorithm(request.block_algorithm))
    return "--block-algorithm " + std::to_string(static_cast<int>(request.block_algorithm)) +
           ": choose " + GridBlockAlgorithmKeys();
  const int b = request.block_size;
  if (b < kMinGridBlockSize || b > kMaxGridBlockSize || (b & (b - 1)) != 0)
    return "--block-size " + std::to_string(b) + ": choose a power of two from " +
           std::to_string(kMinGridBlockSize) + " to " + std::to_string(kMaxGridBlockSize);
  if (request.input.empty() || request.input.size() > static_cast<size_t>(kMaxGridElements))
    return std::to_string(request.input.size()) + " elements: choose 1.." +
           std::to_string(kMaxGridElements) + " for a multi-block scan";
  ScanRequest values;  // the element checks of a block scan, on the first block's worth
  values.algorithm = request.block_algorithm;
  values.op = request.op;
  values.type = request.type;
  for (size_t i = 0; i < request.input.size(); i += kMaxElements) {
    values.input.assign(request.input.begin() + static_cast<long>(i),
                        request.input.begin() +
                            static_cast<long>(std::min(request.input.size(), i + kMaxElements)));
    if (std::string error = ValidateRequest(values); !error.empty()) return error;
  }
  return {};
}

bool GridTrace::Inclusive() const { return Info(block_algorithm).inclusive != converted; }

const std::vector<double>& GridTrace::Offsets() const {
  static const std::vector<double> kNone;
  return sums_scan.empty() ? kNone : sums_scan.front().output;
}

int GridTrace::BlockCount(int b) const { return std::min(block_size, N() - BlockBegin(b)); }

GridTrace MakeGridTrace(const GridRequest& request, const BackendInfo& backend, int depth) {
  GridTrace t;
  t.block_algorithm = request.block_algorithm;
  t.block_size = request.block_size;
  t.op = request.op;
  t.type = request.type;
  ScanRequest one{request.block_algorithm, request.op, request.type, {0.0}};
  t.identity = MakeMeta(one).identity;
  t.converted = request.convert;
  t.backend = backend;
  t.depth = depth;
  t.input = request.input;
  return t;
}

ScanRequest BlockRequest(const GridRequest& request, int block) {
  ScanRequest r;
  r.algorithm = request.block_algorithm;
  r.op = request.op;
  r.type = request.type;
  r.convert = request.convert;
  const size_t begin = static_cast<size_t>(block) * static_cast<size_t>(request.block_size);
  const size_t end = std::min(request.input.size(), begin + static_cast<size_t>(request.block_size));
  r.input.assign(request.input.begin() + static_cast<long>(begin),
                 request.input.begin() + static_cast<long>(end));
  return r;
}

namespace {

// Phase 1 as the simulator records it: block b's trace of `request` in the flavour `convert`, for
// every block, appended to *out. False when `stop` was set before the last one.
bool TraceEachBlock(const GridRequest& request, bool convert, std::vector<Trace>* out,
                    const std::atomic<bool>* stop = nullptr) {
  const int n = static_cast<int>(request.input.size());
  const int blocks = (n + request.block_size - 1) / request.block_size;
  out->reserve(out->size() + static_cast<size_t>(blocks));
  for (int b = 0; b < blocks; ++b) {
    if (stop != nullptr && stop->load(std::memory_order_relaxed)) return false;
    ScanRequest block = BlockRequest(request, b);
    block.convert = convert;
    out->push_back(Simulate(block));
  }
  return true;
}

// The simulator's executor of the grid's loop: each block's scan is the single-block simulator
// on its slice; the grid steps are multi_block.h's, on the element type.
class SimulatorGridExec {
 public:
  explicit SimulatorGridExec(BlockTraces traces) : m_traces(traces) {}
  BackendInfo backend() const { return {}; }
  bool Failed() const { return false; }

  void ScanBlocks(const GridRequest& request, bool convert, GridTrace* trace) {
    const int n = static_cast<int>(request.input.size());
    const int blocks = (n + request.block_size - 1) / request.block_size;
    if (m_traces == BlockTraces::kRecorded) {
      TraceEachBlock(request, convert, &trace->blocks);
      trace->block_output.reserve(static_cast<size_t>(n));
      for (const Trace& block : trace->blocks) {
        const std::vector<double> result = block.Result();
        trace->block_output.insert(trace->block_output.end(), result.begin(), result.end());
      }
    } else {
      const ScanRequest shape{request.block_algorithm, request.op, request.type, {}, convert};
      trace->block_output = SimulateBlockResults(shape, request.input, request.block_size);
    }
    if (blocks > 1) AddSums(request, convert, trace);
  }

  // Phase 1's totals: each block's last output, with its last input when the scan is exclusive.
  static void AddSums(const GridRequest& request, bool convert, GridTrace* trace) {
    const int n = static_cast<int>(request.input.size()), size = request.block_size;
    const bool inclusive = Info(request.block_algorithm).inclusive != convert;
    DispatchOp(request.op, request.type, [&](auto op) {
      using T = typename decltype(op)::Value;
      for (int last = std::min(size, n) - 1; last < n; last = std::min(last + size, n - 1)) {
        const auto i = static_cast<size_t>(last);
        trace->sums.push_back(static_cast<double>(
            multi_block::BlockTotal(static_cast<T>(trace->block_output[i]),
                                    static_cast<T>(request.input[i]), inclusive, op)));
        if (last == n - 1) break;
      }
    });
  }

  void AddOffsets(const GridRequest& request, GridTrace* trace) {
    DispatchOp(request.op, request.type, [&](auto op) {
      using T = typename decltype(op)::Value;
      std::vector<T> out = Typed<T>(trace->block_output);
      const std::vector<T> offsets = Typed<T>(trace->Offsets());
      const int n = static_cast<int>(out.size());
      for (int i = 0; i < n; ++i)
        multi_block::AddOffsetStep(out.data(), offsets.data(), request.block_size, n, i, op);
      trace->output.assign(out.begin(), out.end());
    });
  }

 private:
  template <class T>
  static std::vector<T> Typed(const std::vector<double>& v) {
    std::vector<T> t(v.size());
    for (size_t i = 0; i < v.size(); ++i) t[i] = static_cast<T>(v[i]);
    return t;
  }

  BlockTraces m_traces;
};

void Add(std::vector<std::string>* out, std::string what) {
  if (out->size() < 8) out->push_back(std::move(what));
}

bool Same(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

// Window [lo, hi] of the grid's input, empty when hi < lo.
Window Span(int lo, int hi) { return hi < lo ? EmptyWindow() : Range(lo, hi); }

// The grid's input as one array, for the windows' folds.
TraceMeta FoldMeta(const GridTrace& t) {
  TraceMeta meta;
  meta.op = t.op;
  meta.type = t.type;
  meta.identity = t.identity;
  meta.n = meta.padded_n = t.N();
  return meta;
}

std::string Want(const GridTrace& t, const WindowFolder& folder, Window w) {
  return FormatValue(t.type, folder.Fold(w));
}

// Phase 1 of block b: its trace is the block scan of its slice and holds its own invariants, and
// what it wrote is the scan of its block up to each cell.
void CheckBlock(const GridTrace& t, const WindowFolder& folder, int b, const std::string& where,
                std::vector<std::string>* out) {
  const bool inclusive = t.Inclusive();
  const Trace& bt = t.blocks[static_cast<size_t>(b)];
  const std::string block = where + "block " + std::to_string(b);
  const int begin = t.BlockBegin(b), count = t.BlockCount(b);
  if (bt.meta.n != count || bt.meta.algorithm != t.block_algorithm || bt.meta.op != t.op ||
      bt.meta.type != t.type || bt.Inclusive() != inclusive ||
      !std::equal(bt.input.begin(), bt.input.end(), t.input.begin() + begin)) {
    Add(out,
        block + ": its trace is not the block scan of its " + std::to_string(count) + " elements");
    return;
  }
  const TraceAnalysis a = Analyze(bt);
  if (!a.Ok()) Add(out, block + ": " + a.violations.front());
  const std::vector<double> result = bt.Result();
  for (int i = 0; i < count; ++i) {
    const double stored = t.block_output[static_cast<size_t>(begin) + static_cast<size_t>(i)];
    const Window w = Span(begin, begin + i - (inclusive ? 0 : 1));
    if (!folder.Matches(w, stored) || !Same(result[static_cast<size_t>(i)], stored)) {
      Add(out, block + ", phase 1: output[" + std::to_string(begin + i) +
                   "] should hold the scan of its block up to it, " + Want(t, folder, w));
      return;
    }
  }
}

void CheckGridAt(const GridTrace& t, const std::string& where, std::vector<std::string>* out);

// Phase 1's totals and phase 2: the exclusive scan of them, a grid of its own checked the same
// way, whose output is the offsets. False when the grid's shape is too broken to check phase 3.
bool CheckSums(const GridTrace& t, const WindowFolder& folder, const std::string& where,
               std::vector<std::string>* out) {
  const int blocks = t.BlockCount();
  if (static_cast<int>(t.sums.size()) != blocks || t.sums_scan.size() != 1) {
    Add(out, where + "phase 1 must leave one total per block and phase 2 their scan");
    return false;
  }
  for (int b = 0; b < blocks; ++b) {
    const Window w = Span(t.BlockBegin(b), t.BlockBegin(b) + t.BlockCount(b) - 1);
    if (!folder.Matches(w, t.sums[static_cast<size_t>(b)]))
      Add(out, where + "phase 1: sums[" + std::to_string(b) + "] should hold the total of block " +
                   std::to_string(b) + ", " + Want(t, folder, w));
  }
  const GridTrace& inner = t.sums_scan.front();
  if (inner.input != t.sums || inner.Inclusive() || inner.block_size != t.block_size ||
      inner.block_algorithm != t.block_algorithm || inner.depth != t.depth + 1) {
    Add(out, where + "phase 2 must be the exclusive scan of the block sums");
    return false;
  }
  CheckGridAt(inner, where + "phase 2 (the sums' scan) ", out);
  const std::vector<double>& offsets = t.Offsets();
  for (int b = 0; b < blocks && static_cast<int>(offsets.size()) == blocks; ++b) {
    const Window w = Span(0, t.BlockBegin(b) - 1);
    if (!folder.Matches(w, offsets[static_cast<size_t>(b)]))
      Add(out, where + "phase 2: offsets[" + std::to_string(b) +
                   "] should hold the total of every block before block " + std::to_string(b) +
                   ", " + Want(t, folder, w));
  }
  return true;
}

void CheckGridAt(const GridTrace& t, const std::string& where, std::vector<std::string>* out) {
  const int n = t.N(), blocks = t.BlockCount();
  if (static_cast<int>(t.blocks.size()) != blocks) {
    Add(out, where + std::to_string(t.blocks.size()) + " block traces, but " + std::to_string(n) +
                 " elements in blocks of " + std::to_string(t.block_size) + " make " +
                 std::to_string(blocks));
    return;
  }
  if (static_cast<int>(t.block_output.size()) != n || static_cast<int>(t.output.size()) != n) {
    Add(out, where + "the global arrays do not hold n = " + std::to_string(n) + " cells");
    return;
  }
  const WindowFolder folder(FoldMeta(t), t.input);
  for (int b = 0; b < blocks; ++b) CheckBlock(t, folder, b, where, out);
  if (blocks == 1) {
    if (!t.sums.empty() || !t.sums_scan.empty())
      Add(out, where + "one block has no block sums to scan");
  } else if (!CheckSums(t, folder, where, out)) {
    return;
  }
  const bool inclusive = t.Inclusive();
  for (int i = 0; i < n; ++i) {  // phase 3: the scan of the whole prefix
    const Window w = Span(0, i - (inclusive ? 0 : 1));
    if (!folder.Matches(w, t.output[static_cast<size_t>(i)])) {
      Add(out, where + "phase 3: output[" + std::to_string(i) +
                   "] should hold the scan of the prefix up to it, " + Want(t, folder, w) +
                   ", not " + FormatValue(t.type, t.output[static_cast<size_t>(i)]));
      break;
    }
  }
}

}  // namespace

GridTrace SimulateGrid(const GridRequest& request, BlockTraces traces) {
  SimulatorGridExec exec(traces);
  return multi_block::Run(exec, request);
}

bool GridTrace::HasBlockTraces() const {
  return static_cast<int>(blocks.size()) == BlockCount() &&
         std::all_of(sums_scan.begin(), sums_scan.end(),
                     [](const GridTrace& inner) { return inner.HasBlockTraces(); });
}

bool TraceBlocks(GridTrace* grid, const std::atomic<bool>* stop) {
  if (grid->blocks.empty()) {
    GridRequest request;  // the level's own request (phase 2's: the sums, their flavour)
    request.block_algorithm = grid->block_algorithm;
    request.block_size = grid->block_size;
    request.op = grid->op;
    request.type = grid->type;
    request.input = grid->input;
    if (!TraceEachBlock(request, grid->converted, &grid->blocks, stop)) return false;
  }
  for (GridTrace& inner : grid->sums_scan)
    if (!TraceBlocks(&inner, stop)) return false;
  return true;
}

std::vector<std::string> CheckGrid(const GridTrace& trace) {
  std::vector<std::string> out;
  CheckGridAt(trace, "", &out);
  return out;
}

}  // namespace scanviz
