// The applications of the scan: stream compaction, split, radix sort and allocation. Each is an
// entry in a small registry (its key, name, parameters, the types it takes and the invariant that
// makes it right) and a pass or more of three steps: a per-thread flag step, the multi-block scan
// of the flags (core/grid/, so n up to 2^16), and a per-thread scatter step. The steps are written
// once (core/applications/<name>.h) and called by the simulator and the CUDA kernels alike.
//
// An application's trace records what each pass did: its input, its flags (or sizes), the whole
// traced scan of them (a GridTrace), its total and what the scatter wrote.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/applications/application_kind.h"
#include "core/grid/grid.h"
#include "core/trace.h"

namespace scanviz {

// A radix sort records one traced scan per pass: the trace's scans may hold this many elements
// in all (a 2^16-element scan is about 70 MB in memory and 19 MB as a file).
inline constexpr int kMaxApplicationScannedElements = 1 << 18;
// An allocation's pool (its output, one owner per cell) holds at most this many cells.
inline constexpr int kMaxAllocationPool = 1 << 20;

struct ApplicationParams;
struct ApplicationRequest;
struct ApplicationPass;
struct ApplicationTrace;

// What one pass of an application does with each element, shared by the applications whose passes
// are alike (a radix sort's pass is a split).
struct PassRule {
  // A pass's output length from its n and its scan's total, and the largest total a file may say.
  int (*output_size)(int n, int total);
  long long (*max_total)(int n);
  // Where step 3 sends element i from its flag, its scan value and the total (compaction: -1 when
  // it is not kept; allocation: its slice's first cell).
  int (*destination)(int flag, int scan, int total, int i);
  // Step 1 of element i (value x) in a pass on `bit`: its flag, and `why` in words.
  int (*flag)(const ApplicationTrace& trace, double x, int i, int bit, std::string* why);
  // Step 3 of element i: "" when the scatter put it where the scan sends it, else what is wrong.
  std::string (*check_scatter)(const ApplicationTrace& trace, const ApplicationPass& pass, int i);
};

// One entry per application (core/applications/<name>.cpp), listed once in
// SCANVIZ_FOR_EACH_APPLICATION: its words and its behaviour, so that nothing outside the entries
// asks which application a trace is. The scene, the CLI and the app keep entries of their own for
// what they alone draw or print (scene/applications/, cli/applications/, ui/applications/).
struct ApplicationInfo {
  ApplicationKind id;        // the registry sets it from its place in the list
  const char* key;           // "compact": --algorithm and the file's meta.algorithm
  const char* name;          // "stream compaction"
  const char* summary;       // one line: what it is for
  const char* parameters;    // "--keep odd|even|positive|nonzero|greater:K"
  const char* types;         // "int32 or float32"
  bool float32;              // whether it takes float32 values
  const char* flags_name;    // "flags" or "sizes": what step 1 writes
  const char* scan_name;     // what the scan gives: "destinations", "offsets"
  const char* output_name;   // "kept", "partitioned", "sorted", "pool"
  const char* invariant;     // the sentence that makes it right
  const char* scatter_name;  // step 3's name: "scatter", or allocation's "fill"
  // Radix sort: the passes sort keys, whose sign bits are flipped first when some key is
  // negative; the trace records them (ApplicationTrace::keys).
  bool keyed;
  // What a pass does with each element (split's is radix sort's too: each of its passes is one).
  const PassRule* rule;
  // Its parameter as the command line writes it ("--keep odd", "--bit 3"); "" when it has none.
  std::string (*parameter)(const ApplicationParams& params, ElementType type);
  int (*pass_count)(const ApplicationParams& params);
  int (*pass_bit)(const ApplicationParams& params, int pass);  // -1: the pass reads no bit
  // "" when its own parameters (and, allocation, the sizes) can run; else one line why not.
  std::string (*validate)(const ApplicationRequest& request);
  // The result computed sequentially, without flags or scan (SequentialApplicationResult).
  std::vector<double> (*sequential)(const ApplicationRequest& request);
  // Its parameters in the trace file's meta object: written, and read back (throws LoadError).
  void (*write_meta)(const ApplicationTrace& trace, nlohmann::json* meta);
  void (*read_meta)(const nlohmann::json& meta, ApplicationRequest* request, bool* sign_flipped);
};

std::span<const ApplicationInfo> Applications();
const ApplicationInfo& Info(ApplicationKind application);
const char* ToString(ApplicationKind application);  // the key
bool ParseApplication(std::string_view key, ApplicationKind* out);
std::string ApplicationKeys();  // "compact, split, radix-sort or allocate"

struct KeepRule {
  KeepKind kind = KeepKind::kNonzero;
  double threshold = 0;  // greater:K, a value of the element type
  bool operator==(const KeepRule&) const = default;
};
// "odd", "greater:3"
std::string ToString(KeepRule keep, ElementType type);
// Empty on success, else one line naming the token ("--keep 'foo': choose odd, even, ...").
std::string ParseKeep(std::string_view text, ElementType type, KeepRule* out);

struct ApplicationParams {
  KeepRule keep;  // compact
  int bit = 0;    // split: the bit, 0..31
  int bits = 1;   // radix sort: passes over the low bits, 1..32
  bool operator==(const ApplicationParams&) const = default;
};

inline constexpr Algorithm kDefaultApplicationBlockAlgorithm = Algorithm::kBlelloch;
// The smallest power of two covering n, from 4 to 1024: one block up to 1024 elements.
int DefaultApplicationBlockSize(int n);
// The passes a radix sort needs to sort these keys completely: the bit width of the largest
// non-negative key (at least 1), or 32 with a negative key.
int RadixBitsNeeded(const std::vector<double>& keys);

struct ApplicationRequest {
  ApplicationKind application{};  // the first: compaction
  ApplicationParams params;
  ElementType type = ElementType::kInt32;
  std::vector<double> input;
  // The scan of the flags: a multi-block scan (core/grid/) with this block scan and size.
  Algorithm block_algorithm = kDefaultApplicationBlockAlgorithm;
  int block_size = 1024;
};

// Empty if the request can run; else one line naming what is wrong.
std::string ValidateApplicationRequest(const ApplicationRequest& request);

struct ApplicationPass {
  int bit = -1;  // split and radix sort: the bit this pass splits on; -1 for the others
  std::vector<double> input;   // what the pass works on
  std::vector<double> flags;   // step 1: one per element (allocate: the sizes)
  GridTrace scan;              // step 2: the traced exclusive sum of flags (int32)
  double total = 0;            // the scan's total: scan[n - 1] + flags[n - 1]
  std::vector<double> output;  // step 3: what the scatter wrote
};

struct ApplicationTrace {
  ApplicationKind application{};  // the first: compaction
  ApplicationParams params;
  ElementType type = ElementType::kInt32;
  Algorithm block_algorithm = kDefaultApplicationBlockAlgorithm;
  int block_size = 0;
  BackendInfo backend;
  std::vector<double> input;
  // Radix sort: whether the keys' sign bits were flipped (some key is negative), and the keys the
  // first pass sorts: the input, flipped when sign_flipped. Empty for the other applications.
  bool sign_flipped = false;
  std::vector<double> keys;
  std::vector<ApplicationPass> passes;  // one, or a radix sort's one per bit
  // The result: the kept elements, the partitioned or sorted array (flipped back), or the pool
  // (each cell the index of the thread that owns it).
  std::vector<double> output;
  // The last pass's total: the kept count, the zeros' count, or the pool's size.
  double total = 0;

  int N() const { return static_cast<int>(input.size()); }
};

// The passes a request runs and the one each pass is, for the drivers.
int PassCount(const ApplicationRequest& request);
int PassBit(const ApplicationRequest& request, int pass);  // -1 when the pass splits on no bit
// The scan request of a pass's flags: an exclusive int32 sum in the request's grid.
GridRequest FlagScanRequest(const ApplicationRequest& request, std::vector<double> flags);
// The trace's metadata and input, before anything ran.
ApplicationTrace MakeApplicationTrace(const ApplicationRequest& request,
                                      const BackendInfo& backend);
// The request that reproduces a trace (its parameters, input and grid).
ApplicationRequest RequestOf(const ApplicationTrace& trace);

// Requires ValidateApplicationRequest(request) to be empty.
ApplicationTrace SimulateApplication(const ApplicationRequest& request);

// The application's result computed sequentially, without scans (std::copy_if,
// std::stable_partition, std::stable_sort, a running sum): what CheckApplication compares the trace
// with.
std::vector<double> SequentialApplicationResult(const ApplicationRequest& request);

// Every step's invariant from the trace's own values, and the result against
// SequentialApplicationResult. Empty when all hold; else what broke (at most a few), each naming
// the pass and step: "pass 2 (bit 1) · step 3 scatter: output[4] = 7, but element 2 (7) goes to 3".
std::vector<std::string> CheckApplication(const ApplicationTrace& trace);

}  // namespace scanviz
