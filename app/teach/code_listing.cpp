#include "teach/code_listing.h"

#include <algorithm>

#include "core/registry.h"

namespace scanviz::teach {
namespace {

bool HasTag(const CodeLine& line, const std::string& tag) {
  return std::find(line.tags.begin(), line.tags.end(), tag) != line.tags.end();
}

bool HasAnyTag(const CodeLine& line, const std::vector<std::string>& tags) {
  return std::any_of(tags.begin(), tags.end(),
                     [&](const std::string& t) { return HasTag(line, t); });
}

}  // namespace

RoundTagSet RoundTags(Algorithm algorithm, const RoundSpec& spec) {
  const std::vector<PhaseInfo>& phases = Info(algorithm).phases;
  if (spec.phase >= phases.size()) return {};
  const PhaseInfo& phase = phases[spec.phase];
  RoundTagSet tags{phase.anchor, {}};
  for (const char* c : phase.context) tags.context.emplace_back(c);
  return tags;
}

std::vector<int> HighlightedLines(const CodeListing& listing, Algorithm algorithm,
                                  const RoundSpec& spec, bool last_round) {
  const RoundTagSet tags = RoundTags(algorithm, spec);
  std::vector<int> out;
  for (int i = 0; i < static_cast<int>(listing.lines.size()); ++i) {
    const CodeLine& line = listing.lines[static_cast<size_t>(i)];
    // The store runs once, after the last round.
    if (HasTag(line, tags.anchor) || HasAnyTag(line, tags.context) ||
        (last_round && HasTag(line, "store")))
      out.push_back(i);
  }
  return out;
}

std::vector<int> StepLineThreads(const CodeListing& step, const Round& round) {
  std::vector<int> out(step.lines.size(), 0);
  for (size_t i = 0; i < step.lines.size(); ++i) {
    const std::vector<std::string>& does = step.lines[i].does;
    if (does.empty()) continue;
    if (std::find(does.begin(), does.end(), "all") != does.end()) {
      out[i] = static_cast<int>(round.actions.size());
      continue;
    }
    for (const ThreadAction& a : round.actions) {
      // A load is "load-input" (an element of the input) or "load-identity" (a padding cell).
      const std::string kind = a.kind != ActionKind::kLoad ? ToString(a.kind)
                               : a.read[0] >= 0            ? "load-input"
                                                           : "load-identity";
      if (std::find(does.begin(), does.end(), kind) != does.end()) ++out[i];
    }
  }
  return out;
}

std::vector<std::string> MissingTags(const CodeListing& listing, Algorithm algorithm) {
  std::vector<std::string> needed = {"store"};
  for (const PhaseInfo& phase : Info(algorithm).phases) {
    needed.emplace_back(phase.anchor);
    needed.insert(needed.end(), phase.context.begin(), phase.context.end());
  }
  std::vector<std::string> missing;
  for (const std::string& tag : needed) {
    const bool found = std::any_of(listing.lines.begin(), listing.lines.end(),
                                   [&](const CodeLine& line) { return HasTag(line, tag); });
    if (!found && std::find(missing.begin(), missing.end(), tag) == missing.end())
      missing.push_back(tag);
  }
  return missing;
}

}  // namespace scanviz::teach
