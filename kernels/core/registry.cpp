#include "core/registry.h"

namespace scanviz {

#define SCANVIZ_ALGORITHM_ENTRY(id, ns, key) extern const AlgorithmInfo k_##ns##_info;
SCANVIZ_FOR_EACH_ALGORITHM(SCANVIZ_ALGORITHM_ENTRY)
#undef SCANVIZ_ALGORITHM_ENTRY

namespace {
#define SCANVIZ_ALGORITHM_POINTER(id, ns, key) &k_##ns##_info,
const AlgorithmInfo* const kAll[] = {SCANVIZ_FOR_EACH_ALGORITHM(SCANVIZ_ALGORITHM_POINTER)};
#undef SCANVIZ_ALGORITHM_POINTER

void ReplaceAll(std::string& s, std::string_view key, const std::string& value) {
  for (size_t at = s.find(key); at != std::string::npos; at = s.find(key, at + value.size()))
    s.replace(at, key.size(), value);
}
}  // namespace

const AlgorithmInfo& Info(Algorithm a) {
  const auto i = static_cast<size_t>(a);
  return *kAll[i < std::size(kAll) ? i : 0];
}

std::span<const AlgorithmInfo* const> Algorithms() {
  return kAll;
}

std::string AlgorithmKeys() {
  std::string out;
  for (size_t i = 0; i < std::size(kAll); ++i) {
    if (i > 0) out += i + 1 == std::size(kAll) ? " or " : ", ";
    out += kAll[i]->key;
  }
  return out;
}

const char* DisplayName(Algorithm a) {
  return Info(a).name;
}

bool ParsePhase(Algorithm a, std::string_view s, PhaseId* out) {
  const std::vector<PhaseInfo>& phases = Info(a).phases;
  for (size_t i = 0; i < phases.size(); ++i) {
    if (s == phases[i].key) {
      *out = static_cast<PhaseId>(i);
      return true;
    }
  }
  return false;
}

const char* PhaseName(Algorithm a, PhaseId phase) {
  const std::vector<PhaseInfo>& phases = Info(a).phases;
  return phase < phases.size() ? phases[phase].key : "?";
}

TraceMeta MakeMeta(const ScanRequest& request) {
  const AlgorithmInfo& info = Info(request.algorithm);
  TraceMeta meta;
  meta.algorithm = request.algorithm;
  meta.op = request.op;
  meta.type = request.type;
  meta.identity = DispatchOp(request.op, request.type,
                             [](auto op) { return static_cast<double>(decltype(op)::Identity()); });
  meta.n = static_cast<int>(request.input.size());
  meta.padded_n = info.padded_size(meta.n);
  meta.block_size = info.block_size(meta.n);
  meta.buffer_count = static_cast<int>(info.arrays(meta.n, request.convert).size());
  meta.converted = request.convert;
  meta.mistake = request.mistake;
  return meta;
}

bool Trace::Inclusive() const {
  return Info(meta.algorithm).inclusive != meta.converted;
}

CellClass HillisSteeleClassOf(ActionKind kind) {
  switch (kind) {
    case ActionKind::kLoad:
      return CellClass::kLoaded;
    case ActionKind::kCopy:
      return CellClass::kCopied;
    case ActionKind::kAdd:
      return CellClass::kComputed;
    case ActionKind::kSeed:
      return CellClass::kSeeded;
    default:
      return CellClass::kUnchanged;
  }
}

std::string RoundTitle(const Trace& trace, int round) {
  if (round < 0 || round >= static_cast<int>(trace.rounds.size())) return "input";
  const RoundSpec& s = trace.rounds[static_cast<size_t>(round)].spec;
  const AlgorithmInfo& info = Info(trace.meta.algorithm);
  if (s.phase >= info.phases.size()) return "round " + std::to_string(round);
  std::string title = info.phases[s.phase].title;
  ReplaceAll(title, "{round}", std::to_string(round));
  ReplaceAll(title, "{phase_round}", std::to_string(s.phase_round));
  ReplaceAll(title, "{stride}", std::to_string(s.stride));
  return title;
}

ChapterRound ChapterRoundOf(const Trace& trace, int index) {
  ChapterRound out;
  const AlgorithmInfo& info = Info(trace.meta.algorithm);
  for (int r = 0; r < static_cast<int>(trace.rounds.size()); ++r) {
    const PhaseId phase = trace.rounds[static_cast<size_t>(r)].spec.phase;
    if (phase >= info.phases.size() || !info.phases[phase].counted) continue;
    ++out.total;
    if (r == index) out.number = out.total;
  }
  return out;
}

std::string RoundHeading(const Trace& trace, int index) {
  if (index < 0 || index >= static_cast<int>(trace.rounds.size())) return RoundTitle(trace, index);
  const ChapterRound c = ChapterRoundOf(trace, index);
  if (c.number == 0) return RoundTitle(trace, index);
  const RoundSpec& s = trace.rounds[static_cast<size_t>(index)].spec;
  std::string title = Info(trace.meta.algorithm).phases[s.phase].title;
  const std::string of = std::to_string(c.number) + " of " + std::to_string(c.total);
  if (title.find("{round}") != std::string::npos) {
    ReplaceAll(title, "{round}", of);  // Hillis-Steele: the index is the chapters' round
  } else {
    // Blelloch's chapter numbers each sweep's rounds from 1; counted across both sweeps as well,
    // its first down-sweep round had two numbers (1 and 4). The phase's own count only.
    int in_phase = 0;
    for (const Round& r : trace.rounds) in_phase += r.spec.phase == s.phase ? 1 : 0;
    ReplaceAll(title, "{phase_round}",
               std::to_string(s.phase_round) + " of " + std::to_string(in_phase));
  }
  ReplaceAll(title, "{phase_round}", std::to_string(s.phase_round));
  ReplaceAll(title, "{stride}", std::to_string(s.stride));
  return title;
}

int Log2Ceil(int n) {
  int k = 0;
  while ((1 << k) < n) ++k;
  return k;
}

}  // namespace scanviz
