#include "core/simulator.h"

#include <cmath>

#include "core/algorithms/algorithms.h"
#include "core/algorithms/mistaken_steps.h"
#include "core/input.h"
#include "core/registry.h"

namespace scanviz {

std::string ToString(const SimulatorOptions& options) {
  switch (options.order) {
    case ThreadOrder::kAscending:
      return "in-order";
    case ThreadOrder::kDescending:
      return "reverse";
    case ThreadOrder::kShuffled:
      return "random:" + std::to_string(options.seed);
    case ThreadOrder::kWarpByWarp:
      return "warp-by-warp";
  }
  return "in-order";
}

bool ParseThreadOrder(std::string_view s, SimulatorOptions* out) {
  SimulatorOptions o;
  if (s == "in-order") {
    o.order = ThreadOrder::kAscending;
  } else if (s == "reverse") {
    o.order = ThreadOrder::kDescending;
  } else if (s == "warp-by-warp") {
    o.order = ThreadOrder::kWarpByWarp;
  } else if (s.rfind("random:", 0) == 0) {
    const ParsedSeed seed = ParseSeed(s.substr(7));
    if (!seed.Ok()) return false;
    o.seed = seed.value;
    o.order = ThreadOrder::kShuffled;
  } else {
    return false;
  }
  *out = o;
  return true;
}

std::string ValidateRequest(const ScanRequest& request) {
  const size_t n = request.input.size();
  if (n == 0) return "the input is empty";
  if (n > static_cast<size_t>(kMaxElements))
    return "the input has " + std::to_string(n) + " elements; a single block scans at most " +
           std::to_string(kMaxElements);
  if (request.mistake != Mistake::kNone) {
    const MistakeInfo* m = FindMistake(request.mistake);
    if (m == nullptr) return "unknown mistake";
    if (m->algorithm != request.algorithm)
      return std::string("the mistake '") + m->key + "' is one of " + DisplayName(m->algorithm) +
             "'s, not " + DisplayName(request.algorithm) + "'s";
  }
  for (size_t i = 0; i < n; ++i) {
    const double v = request.input[i];
    if (request.type == ElementType::kInt32) {
      if (!(v >= -2147483648.0 && v <= 2147483647.0) || std::trunc(v) != v)
        return "element " + std::to_string(i) + " is not an int32 value";
    } else if (!std::isfinite(v) || static_cast<double>(static_cast<float>(v)) != v) {
      return "element " + std::to_string(i) + " is not a finite float32 value";
    }
  }
  return {};
}

Trace Simulate(const ScanRequest& request, const SimulatorOptions& options) {
  const MistakeInfo* mistake = FindMistake(request.mistake);
  Trace trace = DispatchAlgorithm(request.algorithm, [&](auto driver) {
    using Driver = decltype(driver);
    return DispatchOp(request.op, request.type, [&](auto plain_op) {
      return mistaken::WithMistakenSteps<Driver>(mistake, plain_op, [&](auto op) {
        using T = typename decltype(op)::Value;
        TraceBuilder builder(request, BackendInfo{});
        const int n = builder.meta().n;
        std::vector<T> data(static_cast<size_t>(n));
        for (int i = 0; i < n; ++i) data[static_cast<size_t>(i)] = static_cast<T>(request.input[i]);
        SimulatorExec<T> exec(builder, options, mistake);
        if (mistake != nullptr && mistake->no_barrier) {
          // No thread waits for another: each group runs the whole loop before the next starts.
          for (std::vector<int>& group : exec.Groups()) {
            exec.BeginPass(std::move(group));
            decltype(driver)::Run(exec, data.data(), n, request.convert, op);
          }
          exec.FinishPasses();
        } else {
          decltype(driver)::Run(exec, data.data(), n, request.convert, op);
        }
        return std::move(builder).Finish();
      });
    });
  });
  if (mistake != nullptr || options.order != ThreadOrder::kAscending)
    trace.meta.thread_order = ToString(options);
  return trace;
}

namespace {

// The blocks of input[begin, end) that have `count` elements each, on one recorder and executor.
template <class Driver, class Op, class T = typename Op::Value>
void BlockResults(const ScanRequest& shape, std::span<const double> input, size_t begin, size_t end,
                  int count, Op op, std::vector<double>* out) {
  ScanRequest one = shape;
  one.input.assign(static_cast<size_t>(count), 0.0);  // the block's shape, not its values
  ResultRecorder<T> recorder(one);
  SimulatorExec<T, ResultRecorder<T>> exec(recorder, SimulatorOptions{});
  std::vector<T> data(static_cast<size_t>(count));
  for (size_t at = begin; at < end; at += static_cast<size_t>(count)) {
    for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<T>(input[at + i]);
    exec.Restart();
    Driver::Run(exec, data.data(), count, shape.convert, op);
    const std::vector<double> result = recorder.Result();
    out->insert(out->end(), result.begin(), result.end());
  }
}

}  // namespace

std::vector<double> SimulateBlockResults(const ScanRequest& shape, std::span<const double> input,
                                         int block_size) {
  std::vector<double> out;
  out.reserve(input.size());
  const size_t full =
      input.size() / static_cast<size_t>(block_size) * static_cast<size_t>(block_size);
  DispatchAlgorithm(shape.algorithm, [&](auto driver) {
    DispatchOp(shape.op, shape.type, [&](auto op) {
      using Driver = decltype(driver);
      if (full > 0) BlockResults<Driver>(shape, input, 0, full, block_size, op, &out);
      if (full < input.size())  // the last block, shorter
        BlockResults<Driver>(shape, input, full, input.size(),
                             static_cast<int>(input.size() - full), op, &out);
    });
  });
  return out;
}

}  // namespace scanviz
