// The trace: what a single-block scan did, round by round. Plain data, no CUDA, GL or ImGui.
//
// A trace is produced by the CPU simulator or by the instrumented CUDA kernels (through
// TraceBuilder, trace_builder.h) and consumed by the analysis, the scene, the app and the CLI.
// Values are stored as double: every int32 and every float32 is exactly representable, so the
// trace is lossless for both element types.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/action.h"
#include "core/ops.h"

namespace scanviz {

inline constexpr int kTraceFormatVersion = 1;
inline constexpr int kMaxElements = 1024;  // one thread per element, one block

enum class Algorithm : std::uint8_t { kHillisSteele, kBlelloch };

// Hillis-Steele: kLoad then kScan rounds. Blelloch: kLoad, kUpSweep rounds, kSeed, kDownSweep.
// Either may end with kConvert when the request asks for the other flavour of scan.
enum class Phase : std::uint8_t { kLoad, kScan, kUpSweep, kSeed, kDownSweep, kConvert };

enum class BackendKind : std::uint8_t { kCpuSimulator, kCuda };

struct BackendInfo {
  BackendKind kind = BackendKind::kCpuSimulator;
  std::string device_name;  // CUDA only
  int compute_major = 0;    // CUDA only
  int compute_minor = 0;    // CUDA only
  int driver_version = 0;   // CUDA only, as cudaDriverGetVersion reports it (13000 = 13.0)
  int runtime_version = 0;  // CUDA only
};

// The round schedule of a scan: what each recorded round is. Shared by the simulator, which
// executes it, and the CUDA launcher, which labels what the kernel recorded with it.
struct RoundSpec {
  Phase phase = Phase::kLoad;
  int step = 1;    // 1-based index within its phase
  int stride = 0;  // 0 for load and seed
  int pin = -1;    // buffer read (-1: global memory, for the load)
  int pout = 0;    // buffer written
};

struct Round {
  RoundSpec spec;
  // Snapshot of every shared-memory buffer after the round's barrier: [buffer][cell].
  std::vector<std::vector<double>> buffers;
  // 1 where some thread has written the cell by the end of this round; a 0 cell holds whatever
  // the hardware left there and is shown as '?'.
  std::vector<std::vector<std::uint8_t>> defined;
  // What each thread of the block did in this round: [thread].
  std::vector<ThreadAction> actions;
};

struct TraceMeta {
  int format_version = kTraceFormatVersion;
  Algorithm algorithm = Algorithm::kHillisSteele;
  OpKind op = OpKind::kAdd;
  ElementType type = ElementType::kInt32;
  double identity = 0;
  int n = 0;               // input elements
  int padded_n = 0;        // cells per buffer (Blelloch: next power of two)
  int block_size = 0;      // threads in the block
  int buffer_count = 0;    // shared-memory buffers (Hillis-Steele 2, Blelloch 1)
  bool converted = false;  // a last kConvert round turned the result into the other flavour
  BackendInfo backend;
};

struct Trace {
  TraceMeta meta;
  std::vector<double> input;  // n values
  std::vector<Round> rounds;  // rounds[0] is the load

  // The scan's result: the first n cells of the buffer the last round wrote.
  std::vector<double> Result() const;
  // Hillis-Steele is inclusive and Blelloch exclusive by construction; a conversion flips it.
  bool Inclusive() const { return (meta.algorithm == Algorithm::kHillisSteele) != meta.converted; }
};

// What to scan. Values are doubles holding exact int32 or float32 values of `type`.
struct ScanRequest {
  Algorithm algorithm = Algorithm::kHillisSteele;
  OpKind op = OpKind::kAdd;
  ElementType type = ElementType::kInt32;
  std::vector<double> input;
  // Add a traced conversion round: Hillis-Steele's result to exclusive, Blelloch's to inclusive.
  bool convert = false;
};

// Rounds that a scan of n elements records, in order, the load first.
std::vector<RoundSpec> RoundSchedule(Algorithm algorithm, int n, bool convert = false);
// Shared-memory layout for a scan of n elements.
int PaddedSize(Algorithm algorithm, int n);
int BlockSize(Algorithm algorithm, int n);
int BufferCount(Algorithm algorithm);
TraceMeta MakeMeta(const ScanRequest& request);

// Empty string if the request can be run (1..1024 elements, values of its type); else why not.
std::string ValidateRequest(const ScanRequest& request);

// Names used by the CLI, the file format and the UI.
const char* ToString(Algorithm a);    // "hillis-steele", "blelloch"
const char* ToString(OpKind op);      // "add", "max", "min", "last"
const char* ToString(ElementType t);  // "int32", "float32"
const char* ToString(Phase p);        // "load", "scan", "up-sweep", "seed", "down-sweep", "convert"
const char* ToString(
    ActionKind k);  // "idle", "load", "copy", "add", "seed", "swap-add", "add-input"
const char* ToString(BackendKind k);   // "cpu", "cuda"
const char* DisplayName(Algorithm a);  // "Hillis-Steele", "Blelloch"
bool Parse(std::string_view s, Algorithm* out);
bool Parse(std::string_view s, OpKind* out);
bool Parse(std::string_view s, ElementType* out);
bool Parse(std::string_view s, Phase* out);
bool Parse(std::string_view s, ActionKind* out);
bool Parse(std::string_view s, BackendKind* out);

// One-line description of where a trace ran: "CPU simulation" or "CUDA: NVIDIA H200 (sm_90)".
std::string DescribeBackend(const BackendInfo& b);

}  // namespace scanviz
